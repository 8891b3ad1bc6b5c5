/**
 * The contract's valibot schemas (contract/) as JSON Schema 2020-12, the dialect of OpenAPI 3.1, by
 * `@valibot/to-json-schema`. Always the wire form: a request body is the input the server parses,
 * an answer the input the portal's client parses (src/api/), so `typeMode: "input"` for both.
 */
import { toJsonSchema, type ConversionConfig } from "@valibot/to-json-schema";
import type * as v from "valibot";

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
    const head = describable(items ?? first);
    const steps = items ? rest.filter((step) => step.kind !== "schema") : rest;
    return { ...head, pipe: [head, ...steps] };
  }
  if (schema.entries) return { ...schema, entries: Object.fromEntries(Object.entries(schema.entries).map(([key, entry]) => [key, describable(entry)])) };
  if (schema.wrapped) return { ...schema, wrapped: describable(schema.wrapped) };
  if (schema.item) return { ...schema, item: describable(schema.item) };
  if (schema.options) return { ...schema, options: schema.options.map(describable) };
  return schema;
}

const CONFIG: ConversionConfig = { target: "draft-2020-12", typeMode: "input", errorMode: "throw", overrideAction };

/**
 * A contract schema as JSON Schema 2020-12 of what goes over the wire (no `$schema`: the OpenAPI
 * document's dialect says it).
 * @throws Error when the schema holds something JSON Schema cannot say and no rule above covers it
 */
export function wireSchema(schema: AnySchema): Json {
  const { $schema: _dialect, ...converted } = toJsonSchema(describable(schema as Node), CONFIG);
  return converted as Json;
}
