/**
 * Missing line item form (SPEC.md section 5): item type, manufacturer, material, color, model,
 * price, quantity and description required; vendor and SKU optional; price a number from 0,
 * typed as the screen's language writes it (1,299.00 in English, 1.299,00 in Spanish);
 * quantity 1 to 10, default 1.
 */
import * as v from "valibot";
import type { FieldMessageKey } from "../../lib/messages.ts";
import { parsePrice } from "../../lib/money.ts";

const m = (key: FieldMessageKey) => key;
const choice = v.pipe(v.number(m("selectOption")), v.integer(m("selectOption")), v.minValue(1, m("selectOption")));
const requiredText = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(m("required")), v.maxLength(max));

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

/** The form's schema for a screen in `locale` ('en' or 'es'), which decides how a price is written. */
export const missingItemSchemaFor = (locale: string) => v.object({
  itemTypeId: choice,
  manufacturerId: choice,
  materialId: choice,
  colorId: choice,
  vendor: v.pipe(v.string(), v.maxLength(100)),
  sku: v.pipe(v.string(), v.maxLength(64)),
  modelNumber: requiredText(64),
  price: v.pipe(v.string(), v.trim(), v.nonEmpty(m("required")), v.check((value) => parsePrice(value, locale) !== null, m("priceInvalid"))),
  quantity: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m("required")),
    v.regex(/^-?\d+$/, m("quantityMin")),
    v.check((value) => Number(value) >= MIN_QUANTITY, m("quantityMin")),
    v.check((value) => Number(value) <= MAX_QUANTITY, m("quantityMax")),
  ),
  description: requiredText(1000),
});

export type MissingItemValues = v.InferInput<ReturnType<typeof missingItemSchemaFor>>;

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
