/**
 * The contract's valibot schemas (contract/) as JSON Schema 2020-12, the dialect of OpenAPI 3.1, by
 * `@valibot/to-json-schema`. Always the wire form: a request body is the input the server parses,
 * an answer the input the portal's client parses (src/api/), so `typeMode: "input"` for both.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from "@valibot/to-json-schema";
import type * as v from "valibot";
import * as c from "../../contract/schemas.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;
/** A JSON Schema or any other part of the document, as plain JSON. */
export type Json = Record<string, unknown>;

/**
 * Actions JSON Schema has no word for: `check` (real dates, no NUL characters: the server checks
 * them, the message says what) and `trim` (changes nothing a client must send). Any other action
 * the library cannot convert still throws, so a new rule of the contract is never dropped unseen.
 * A bounded array's `metadata` names its items (contract/schemas.ts `boundedArray`: the length is
 * checked before any item), which input mode would otherwise describe as anything.
 */
const overrideAction: ConversionConfig["overrideAction"] = ({ valibotAction: action, jsonSchema }) => {
  if (action.type === "trim") return jsonSchema;
  if (action.type === "metadata") {
    const { items } = (action as v.MetadataAction<unknown, { items?: AnySchema }>).metadata;
    return items ? { ...jsonSchema, items: wireSchema(items) } : undefined;
  }
  if (action.type !== "check") return undefined;
  const { message } = action as { message?: unknown };
  // The NUL rule holds for every text; repeating it on each field would only bury the others.
  if (typeof message !== "string" || message.includes("NUL")) return jsonSchema;
  return { ...jsonSchema, description: message };
};

/**
 * The records the answers share, shown once as named models (`#/components/schemas/…`) and
 * referred to wherever an answer holds one.
 */
const MODELS = {
  Lookup: c.lookupSchema,
  PlanItem: c.wirePlanItemSchema,
  Plan: c.wirePlanSchema,
  Damage: c.wireDamageSchema,
  ClaimItem: c.wireClaimItemSchema,
  ClaimDetail: c.claimDetailSchema,
};

const BASE: Omit<ConversionConfig, "definitions"> = {
  target: "draft-2020-12",
  typeMode: "input",
  errorMode: "throw",
  overrideAction,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};
const CONFIG: ConversionConfig = { ...BASE, definitions: MODELS };

/**
 * A contract schema as JSON Schema 2020-12 of what goes over the wire (no `$schema`: the OpenAPI
 * document's dialect says it).
 * @throws Error when the schema holds something JSON Schema cannot say and no rule above covers it
 */
export function wireSchema(schema: AnySchema): Json {
  // The models themselves go to the document's components (modelSchemas), not into each schema.
  const { $schema: _dialect, $defs: _models, ...converted } = toJsonSchema(schema, CONFIG);
  return converted as Json;
}

/** The models (MODELS) as JSON Schema, by name, for `components.schemas`. */
export function modelSchemas(): Record<string, Json> {
  return toJsonSchemaDefs(MODELS, BASE) as unknown as Record<string, Json>;
}
