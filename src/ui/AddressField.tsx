/**
 * A street address with US suggestions from the maps Places service (SPEC.md sections 2 and 7:
 * "Address choice fills city, state and zip; the address picker is limited to US addresses"), as
 * an ARIA 1.2 combobox: type, arrow through the suggestions, Enter or a click chooses one, Escape
 * closes the list. Choosing one hands the parsed address (street, city, two-letter state, ZIP) to
 * `onPick`. Without the maps script (no key, or it failed to load) it is a plain text field.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import usePlacesAutocomplete, { getGeocode } from "use-places-autocomplete";
import { parseAddress, type ParsedAddress } from "../lib/address.ts";
import { FieldShell, TextField, type FieldError } from "./fields.tsx";

export interface AddressFieldProps {
  label: string;
  value: string;
  error: FieldError;
  required?: boolean;
  /** True once the maps script with Places is loaded (lib/maps-script.ts). */
  mapsReady: boolean;
  onChange: (value: string) => void;
  onPick: (address: ParsedAddress) => void;
  onBlur?: () => void;
}

export function AddressField(props: AddressFieldProps) {
  if (!props.mapsReady) {
    return (
      <TextField
        label={props.label}
        required={props.required}
        value={props.value}
        error={props.error}
        autoComplete="street-address"
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
    );
  }
  return <AddressCombobox {...props} />;
}

function AddressCombobox({ label, value, error, required, onChange, onPick, onBlur }: AddressFieldProps) {
  const { t } = useLingui();
  const listId = useId();
  const [active, setActive] = useState(-1);
  const {
    init,
    suggestions: { status, data },
    setValue,
    clearSuggestions,
  } = usePlacesAutocomplete({
    initOnMount: false,
    debounce: 300,
    requestOptions: { componentRestrictions: { country: "us" }, types: ["address"] },
  });
  // The maps script is there (mapsReady): start the Places service once.
  useEffect(() => init(), [init]);
  const open = status === "OK" && data.length > 0;

  const choose = async (index: number) => {
    const suggestion = data[index];
    if (!suggestion) return;
    clearSuggestions();
    setActive(-1);
    onChange(suggestion.structured_formatting?.main_text ?? suggestion.description);
    try {
      const [result] = await getGeocode({ placeId: suggestion.place_id });
      if (result) onPick(parseAddress(result.address_components));
    } catch {
      // The suggestion stays as typed text; the person fills the rest by hand.
    }
  };

  return (
    <FieldShell label={label} required={required} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="address-field">
          <input
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            required={required}
            // Browsers' own address autofill would cover the suggestions (SPEC.md section 9).
            autoComplete="new-password"
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
              setValue(event.target.value);
              setActive(-1);
            }}
            onBlur={() => {
              onBlur?.();
            }}
            onKeyDown={(event) => {
              if (!open) return;
              if (event.key === "ArrowDown") {
                event.preventDefault();
                setActive((index) => (index + 1) % data.length);
              } else if (event.key === "ArrowUp") {
                event.preventDefault();
                setActive((index) => (index <= 0 ? data.length - 1 : index - 1));
              } else if (event.key === "Enter" && active >= 0) {
                event.preventDefault();
                void choose(active);
              } else if (event.key === "Escape") {
                clearSuggestions();
                setActive(-1);
              }
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t`Suggested addresses`}
            className="address-suggestions"
            hidden={!open}
          >
            {open &&
              data.map((suggestion, index) => (
                <li
                  key={suggestion.place_id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // Chosen on mousedown, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    void choose(index);
                  }}
                >
                  {suggestion.description}
                </li>
              ))}
          </ul>
        </div>
      )}
    </FieldShell>
  );
}
