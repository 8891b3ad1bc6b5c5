/**
 * 'Missing Line Item.' (SPEC.md section 2): describe an item the plan does not list; on success the
 * 'Plan item added successfully' dialog leads Back to Claim, where the item is listed on step 2.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { fromPromise } from "xstate";
import type { Lookup } from "../../../machines/domain.ts";
import {
  missingItemMachine,
  type ClaimReach,
  type ManualItem,
  type MissingItemInput,
  type MissingItemOptions,
} from "../../../machines/missing-item.machine.ts";
import type { AddItemOutcome } from "../../../machines/outcomes.ts";
import { addManualItem } from "../../api/claims.ts";
import { claimReach } from "../../api/claim-reach.ts";
import { refusalMessage } from "../../api/refusals.ts";
import { SERVER_MESSAGES } from "../../lib/messages.ts";
import { ClaimNotFound } from "../shared/ClaimNotFound.tsx";
import { fetchClaimOptions, fetchItemTypes } from "../../api/lookups.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Form } from "../../ui/Form.tsx";
import { useAppForm } from "../../ui/app-form.tsx";
import { EMPTY_MISSING_ITEM, missingItemSchema, priceOf } from "./missing-item-schema.ts";
import { inspect } from "../../inspect.ts";
import type { Locale } from "../../i18n.ts";
import { useInShownLanguage } from "../../ui/use-in-shown-language.ts";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

/** The four lists, in `language` (the one on screen when not given); rejects when one is missing. */
async function loadOptions(language?: Locale): Promise<MissingItemOptions> {
  const [itemTypes, options] = await Promise.all([fetchItemTypes(), fetchClaimOptions(language)]);
  if (!itemTypes.length || !options.manufacturers.length) throw new Error("Option lists unavailable");
  return { itemTypes, manufacturers: options.manufacturers, materials: options.materials, colors: options.colors };
}

export function MissingItemScreen({ claimId, planId }: { claimId: number; planId: number }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    missingItemMachine.provide({
      actors: {
        checkClaim: fromPromise<ClaimReach, MissingItemInput>(({ input }) => claimReach(input)),
        loadOptions: fromPromise(() => loadOptions()),
        addItem: fromPromise<AddItemOutcome, { claimId: number; planId: number; item: ManualItem }>(({ input }) =>
          addManualItem(input, input.item),
        ),
      },
      actions: {
        backToClaim: (_, { claimId: claim, planId: plan }) =>
          void navigate({ to: "/find-claim/create-claim", search: { step: 2, claimId: claim, warranty_id: plan } }),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { claimId, planId }, inspect });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const loadedOptions = useSelector(actor, (snapshot) => snapshot.context.options);
  // After a language switch the lists show in the new language (loaded once per language); the
  // machine keeps the ones it loaded, which stay shown if those cannot be loaded.
  const optionsInShownLanguage = useInShownLanguage(loadOptions);
  const options = loadedOptions && (optionsInShownLanguage ?? loadedOptions);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);

  const form = useAppForm({
    defaultValues: EMPTY_MISSING_ITEM,
    validators: { onChange: missingItemSchema, onSubmit: missingItemSchema },
    onSubmit: ({ value }) =>
      actor.send({
        type: "item.submit",
        item: {
          ...value,
          price: priceOf(value),
          quantity: Number(value.quantity),
          vendor: value.vendor,
          sku: value.sku,
        },
      }),
  });
  const select = (name: "itemTypeId" | "manufacturerId" | "materialId" | "colorId", label: string, list: Lookup[]) => (
    <form.AppField name={name}>{(field) => <field.SelectField label={label} required options={list} />}</form.AppField>
  );
  const text = (
    name: "vendor" | "sku" | "modelNumber" | "price" | "quantity",
    label: string,
    extra: { required?: boolean; inputMode?: "decimal" | "numeric"; type?: string } = {},
  ) => <form.AppField name={name}>{(field) => <field.TextField label={label} {...extra} />}</form.AppField>;

  // Said before the form: this browser cannot add to the claim, so nothing is typed in vain.
  if (state === "claimUnreachable") return <ClaimNotFound />;
  return (
    <section className="screen">
      <BackButton onBack={() => actor.send({ type: "claim.back" })} />
      <ScreenHeading title={t`Missing Line Item.`} />
      <p className="hint">
        <Trans>Describe the item as it appears on your invoice or sales receipt.</Trans>
      </p>
      {(state === "checking" || state === "loading") && (
        <p role="status" className="loading">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state === "optionsFailed" && (
        <div role="alert">
          <p>
            <Trans>We could not load the item lists.</Trans>
          </p>
          <Button onClick={() => actor.send({ type: "options.retry" })}>{t`Try Again`}</Button>
        </div>
      )}
      {options && (
        <Form onSubmit={() => void form.handleSubmit()}>
          {select("itemTypeId", t`Item type`, options.itemTypes)}
          {select("manufacturerId", t`Manufacturer`, options.manufacturers)}
          {text("vendor", t`Vendor`)}
          {select("materialId", t`Material`, options.materials)}
          {select("colorId", t`Color`, options.colors)}
          {text("sku", t`SKU`)}
          {text("modelNumber", t`Model`, { required: true })}
          {text("price", t`Price`, { required: true, inputMode: "decimal" })}
          {text("quantity", t`Quantity`, { required: true, inputMode: "numeric", type: "number" })}
          <form.AppField name="description">
            {(field) => <field.TextAreaField label={t`Description`} required />}
          </form.AppField>
          {failure && (
            <p role="alert" className="form-error">
              {i18n._(failure.call ? refusalMessage(failure.call) : SERVER_MESSAGES.unknown)}
            </p>
          )}
          <Button type="submit" loading={state === "submitting"}>
            {t`Submit`}
          </Button>
        </Form>
      )}
      <Dialog
        open={state === "added"}
        title={t`Plan item added successfully`}
        onClose={() => actor.send({ type: "claim.back" })}
      >
        <p>
          <Trans>Thank you for submitting your Plan Item.</Trans>
        </p>
        <Button onClick={() => actor.send({ type: "claim.back" })}>{t`Back to Claim`}</Button>
      </Dialog>
    </section>
  );
}
