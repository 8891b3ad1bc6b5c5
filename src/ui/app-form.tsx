/**
 * The app's one TanStack Form hook (createFormHook): forms built with `useAppForm` render their
 * fields as `<form.AppField name>{(field) => <field.TextField label=... />}</form.AppField>`, and
 * each bound field takes its value, change, blur and errors from the form. A field shows its errors
 * once touched or once the form was submitted, translated by the field shell (fields.tsx).
 */
import { createFormHook, createFormHookContexts, useStore } from "@tanstack/react-form";
import type { ComponentProps } from "react";
import type { Lookup } from "../../machines/domain.ts";
import { SelectField, TextAreaField, TextField } from "./fields.tsx";

const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** The errors a bound field shows: after its first blur, or after any submit of its form. */
function useShownErrors(): unknown {
  const field = useFieldContext<unknown>();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const touched = useStore(field.store, (state) => state.meta.isTouched);
  const errors = useStore(field.store, (state) => state.meta.errors);
  return (touched || submitted) && errors;
}

type TextProps = Omit<ComponentProps<typeof TextField>, "value" | "onChange" | "onBlur" | "error" | "name"> & {
  /** Rewrites what is typed before it is kept (a phone mask). */
  format?: (value: string) => string;
};

function BoundTextField({ format, ...props }: TextProps) {
  const field = useFieldContext<string>();
  const error = useShownErrors();
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.state.value}
      error={error}
      onChange={(value) => field.handleChange(format ? format(value) : value)}
      onBlur={field.handleBlur}
    />
  );
}

function BoundTextAreaField(
  props: Omit<ComponentProps<typeof TextAreaField>, "value" | "onChange" | "onBlur" | "error" | "name">,
) {
  const field = useFieldContext<string>();
  const error = useShownErrors();
  return (
    <TextAreaField
      {...props}
      name={field.name}
      value={field.state.value}
      error={error}
      onChange={field.handleChange}
      onBlur={field.handleBlur}
    />
  );
}

function BoundSelectField(props: { label: string; required?: boolean; options: Lookup[] }) {
  const field = useFieldContext<number>();
  const error = useShownErrors();
  return (
    <SelectField
      {...props}
      name={field.name}
      value={field.state.value}
      error={error}
      onChange={field.handleChange}
      onBlur={field.handleBlur}
    />
  );
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField: BoundTextField, TextAreaField: BoundTextAreaField, SelectField: BoundSelectField },
  formComponents: {},
});
