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
 */
const overrideAction: ConversionConfig["overrideAction"] = ({ valibotAction, jsonSchema }) => {
  if (valibotAction.type === "trim") return jsonSchema;
  if (valibotAction.type !== "check") return undefined;
  const message = (valibotAction as { message?: unknown }).message;
  // The NUL rule holds for every text; repeating it on each field would only bury the others.
  if (typeof message !== "string" || message.includes("NUL")) return jsonSchema;
  return { ...jsonSchema, description: message };
};

/** A valibot schema as the converter reads it: plain fields, by type. */
type Node = AnySchema & { pipe?: readonly Node[]; entries?: Record<string, Node>; wrapped?: Node; item?: Node; options?: readonly Node[] };

/**
 * The schema with each of the contract's bounded arrays (`pipe(array(unknown), minLength,
 * maxLength, array(item))`: the length is checked before any item) turned into `array(item)` with
 * the same length actions, which input mode would otherwise describe as an array of anything.
 * Copies, never changes, the contract's schemas.
 */
function describable(schema: Node): Node {
  if (schema.pipe) {
    const [first, ...rest] = schema.pipe as [Node, ...Node[]];
    const items = schema.type === "array" ? rest.findLast((step) => step.kind === "schema" && step.type === "array") : undefined;
    if (items) {
      const array = describable(items);
      return { ...array, pipe: [array, ...rest.filter((step) => step.kind !== "schema")] };
    }
    const head = describable(first);
    return head === first ? schema : { ...head, pipe: [head, ...rest] };
  }
  // Unchanged parts stay the contract's own objects, so a model (MODELS) is still known by identity.
  if (schema.entries) {
    const entries = Object.fromEntries(Object.entries(schema.entries).map(([key, entry]) => [key, describable(entry)]));
    return Object.keys(entries).every((key) => entries[key] === schema.entries![key]) ? schema : { ...schema, entries };
  }
  if (schema.wrapped) {
    const wrapped = describable(schema.wrapped);
    return wrapped === schema.wrapped ? schema : { ...schema, wrapped };
  }
  if (schema.item) {
    const item = describable(schema.item);
    return item === schema.item ? schema : { ...schema, item };
  }
  if (schema.options) {
    const options = schema.options.map(describable);
    return options.every((option, at) => option === schema.options![at]) ? schema : { ...schema, options };
  }
  return schema;
}

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
  target: "draft-2020-12", typeMode: "input", errorMode: "throw", overrideAction,
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
  const { $schema: _dialect, $defs: _models, ...converted } = toJsonSchema(describable(schema as Node), CONFIG);
  return converted as Json;
}

/** The models (MODELS) as JSON Schema, by name, for `components.schemas`. */
export function modelSchemas(): Record<string, Json> {
  return toJsonSchemaDefs(MODELS, BASE) as unknown as Record<string, Json>;
}
