/**
 * Missing line item form (SPEC.md section 5): item type, manufacturer, material, color, model,
 * price, quantity and description required; vendor and SKU optional; price a number from 0,
 * typed as people write it in either language (src/lib/dollars.ts readPrice), an ambiguous one
 * asked about; quantity a whole number from 1 to 10, default 1.
 */
import * as v from "valibot";
import type { FieldMessageKey } from "../../lib/messages.ts";
import { readPrice, type TypedPrice } from "../../lib/dollars.ts";

const m = (key: FieldMessageKey) => key;
const isAmbiguous = (price: TypedPrice) => price !== null && "ambiguous" in price;
const choice = v.pipe(v.number(m("selectOption")), v.integer(m("selectOption")), v.minValue(1, m("selectOption")));
const requiredText = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(m("required")), v.maxLength(max));

const MIN_QUANTITY = 1;
const MAX_QUANTITY = 10;

/** The form's schema. */
export const missingItemSchema = v.object({
  itemTypeId: choice,
  manufacturerId: choice,
  materialId: choice,
  colorId: choice,
  vendor: v.pipe(v.string(), v.maxLength(100)),
  sku: v.pipe(v.string(), v.maxLength(64)),
  modelNumber: requiredText(64),
  price: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m("required")),
    v.check((value) => readPrice(value) !== null, m("priceInvalid")),
    v.check((value) => !isAmbiguous(readPrice(value)), m("priceAmbiguous")),
  ),
  quantity: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m("required")),
    // A fraction is no count of items: said as such, not as 'at least 1'.
    v.regex(/^-?\d+(?:[.,]\d*)?$/, m("quantityMin")),
    v.regex(/^-?\d+$/, m("quantityWhole")),
    v.check((value) => Number(value) >= MIN_QUANTITY, m("quantityMin")),
    v.check((value) => Number(value) <= MAX_QUANTITY, m("quantityMax")),
  ),
  description: requiredText(1000),
});

export type MissingItemValues = v.InferInput<typeof missingItemSchema>;

/**
 * The price in dollars of values the schema accepted.
 * @throws Error when the price is not one readPrice reads plainly (the schema refuses those)
 */
export function priceOf(values: MissingItemValues): number {
  const price = readPrice(values.price);
  if (!price || !("dollars" in price)) throw new Error("The schema accepts only plain prices");
  return price.dollars;
}

export const EMPTY_MISSING_ITEM: MissingItemValues = {
  itemTypeId: 0,
  manufacturerId: 0,
  materialId: 0,
  colorId: 0,
  vendor: "",
  sku: "",
  modelNumber: "",
  price: "",
  quantity: String(MIN_QUANTITY),
  description: "",
};
