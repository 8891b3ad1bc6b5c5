/**
 * What a furniture invoice or receipt says about its customer, read from its text, to prefill the
 * upload-invoice/verify-info form (SPEC.md section 2 routes, section 5 rules: phone mask
 * (###) ###-####, numeric ZIP) for the invoice search, "Find my plan from my receipt".
 *
 * The text comes from a PDF's text layer laid out in columns (text-layout.ts) or from OCR, so
 * this module expects noise: letters for digits inside numbers (O for 0, l or I for 1), stray
 * spaces and table pipes, two columns on one line (Bill To beside Ship To). It reads labelled
 * blocks ("Bill To", "Sold To", "Customer", "Cliente", ...) and labelled numbers ("Invoice #",
 * "Sales Order", "Receipt No.", "Factura N.º", ...), and scores every email, phone and ZIP by
 * where it sits, so the store's own contact lines never win over the customer's.
 *
 * Pure and total: any string in, never a throw; a field it cannot read is "".
 */
import type { InvoiceDetails } from "../../machines/invoice-reading.machine.ts";
import { isValidUsPhone, maskPhone } from "../lib/phone.ts";

/**
 * The verify form's fields, as read; "" when not read (the machine's InvoiceDetails): names as
 * printed; invoice number upper case with OCR look-alikes mended ("INV-100234"); email lower case;
 * phone in the US mask "(305) 555-0188"; ZIP 5 digits.
 */
export type InvoiceFields = InvoiceDetails;

export const EMPTY_INVOICE_FIELDS: InvoiceFields = Object.freeze({
  firstName: "",
  lastName: "",
  invoiceNumber: "",
  email: "",
  phone: "",
  zip: "",
});

/** Longer texts are cut: the customer block is near the top, and the regexes stay fast. */
const MAX_TEXT = 30_000;
/** How many lines under a label still belong to its block. */
const BLOCK_LINES = 6;

type LabelKind = "customer" | "ship" | "store" | "invoice" | "field" | "other";

interface Label {
  kind: LabelKind;
  /** For invoice-number labels: invoice 3, receipt 2, order 1. */
  rank: number;
  /** The label carries a number marker (#, No., Number) or a colon: its value may be on the next line. */
  expectsValue: boolean;
  line: number;
  start: number;
  end: number;
}

interface Cell {
  text: string;
  start: number;
}

interface Block {
  kind: LabelKind;
  /** Lines of the block: [line index, cell] after the label. */
  cells: { line: number; cell: Cell }[];
}

const NUMBER_MARK = String.raw`(?:\s*(?:#|n[oº°]\s*\.?|no\.|num(?:ber|ero|\.)?|número|nbr\.?|ref\.?)\s*)*`;

/**
 * Label patterns, longest first where one starts another. Order matters: "Customer Service" is
 * the store's, "Customer #" is an account number, "Customer" alone is the buyer.
 */
const LABELS: { kind: LabelKind; rank?: number; pattern: string }[] = [
  {
    kind: "store",
    pattern: String.raw`customer\s+(?:service|care|support)|sold\s+by|sales\s*(?:person|associate|rep)|remit\s+to|store(?:\s*(?:#|no\.?|number|phone|hours|address))?|showroom|visit\s+us|questions\??|call\s+us|tienda|sucursal|vendedor(?:a)?|atendido\s+por|atención\s+al\s+cliente`,
  },
  {
    kind: "other",
    pattern: String.raw`customer\s+(?:copy|signature)|(?:customer|account|cliente|cuenta)\s*(?:#|no\.|n[oº°](?![\p{L}\d])|id(?![\p{L}\d])|number|número|num\.)|invoice\s+date|order\s+date|fecha(?:\s+de\s+(?:factura|compra|venta))?|date|payment|balance|terms|delivery\s+date|subtotal|total|qty|quantity|item|description|sku|price|amount|cantidad|descripción|descripcion|precio|artículo|articulo|importe`,
  },
  {
    kind: "customer",
    pattern: String.raw`bill(?:ed)?[\s-]*to|sold[\s-]*to|customer(?:\s+name)?|purchaser|buyer|facturar\s+a|vendido\s+a|datos\s+del\s+cliente|cliente|nombre(?:\s+del\s+cliente)?(?=\s*:)|name(?=\s*:)`,
  },
  {
    kind: "ship",
    pattern: String.raw`ship(?:ped)?[\s-]*to|deliver(?:y|ed)?[\s-]*(?:to|address)|enviar\s+a|entregar\s+a|dirección\s+de\s+entrega|direccion\s+de\s+entrega`,
  },
  {
    kind: "invoice",
    rank: 3,
    pattern: String.raw`(?:n[uú]m(?:ero|\.)?|n[oº°]\.?)\s*(?:de\s+)?factura|invoice${NUMBER_MARK}|factura${NUMBER_MARK}|folio${NUMBER_MARK}`,
  },
  {
    kind: "invoice",
    rank: 2,
    pattern: String.raw`receipt${NUMBER_MARK}|recibo${NUMBER_MARK}|ticket\s*(?:#|no\.?|number)${NUMBER_MARK}|transaction\s*(?:#|no\.?|number)${NUMBER_MARK}`,
  },
  {
    kind: "invoice",
    rank: 1,
    pattern: String.raw`sales\s+order${NUMBER_MARK}|order\s*(?:#|no\.?|number|n[oº°])${NUMBER_MARK}|pedido${NUMBER_MARK}`,
  },
  {
    kind: "field",
    pattern: String.raw`e-?mail(?:\s+address)?|correo(?:\s+electr[oó]nico)?|phone|tel(?:ephone|éfono|efono)?\.?|cell|mobile|celular|móvil|zip(?:\s+code)?|c\.\s*p\.|código\s+postal|codigo\s+postal|address|dirección|direccion`,
  },
];

/** One regex over all labels; the group that matched names the label. Labels stand alone as words. */
const LABEL_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:${LABELS.map((l, i) => `(?<l${i}>${l.pattern})`).join("|")})(?![\p{L}\d])\s*[:.]?`,
  "giu",
);

/** Reads the customer's fields from an invoice's text. Never throws; unread fields are "". */
export function extractInvoiceFields(text: string): InvoiceFields {
  try {
    return extract(typeof text === "string" ? text.slice(0, MAX_TEXT) : "");
  } catch {
    return { ...EMPTY_INVOICE_FIELDS };
  }
}

function extract(raw: string): InvoiceFields {
  const lines = normalize(raw).split("\n");
  const labels = lines.flatMap((line, index) => findLabels(line, index));
  const cells = lines.map((line, index) =>
    splitCells(
      line,
      labels.filter((l) => l.line === index),
    ),
  );
  const blocks = buildBlocks(lines, cells, labels);
  const where = (line: number, offset: number) => placeOf(blocks, labels, line, offset);
  const name = readName(blocks, lines.join("\n"));
  return {
    firstName: name.first,
    lastName: name.last,
    invoiceNumber: readInvoiceNumber(lines, cells, labels),
    email: best(findEmails(lines), where),
    phone: best(findPhones(lines), where),
    zip: best(findZips(lines), where),
  };
}

/** Unifies what OCR and PDF text vary on: line ends, odd spaces, table rules, look-alike symbols. */
function normalize(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[\u00a0\u2000-\u200b\u202f\u3000]/g, " ")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/[‘’`´]/g, "'")
      .replace(/[¦‖]/g, "|")
      // A pipe with space around it is a table rule, a column gap; the cells keep their places.
      .replace(/ ?\| ?/g, "   ")
      .replace(/\t/g, "    ")
      .replace(/[_=]{3,}|-{4,}|\.{4,}/g, (m) => " ".repeat(m.length))
  );
}

function findLabels(line: string, index: number): Label[] {
  const found: Label[] = [];
  for (const match of line.matchAll(LABEL_RE)) {
    const groups = match.groups ?? {};
    const which = LABELS.findIndex((_l, i) => groups[`l${i}`] !== undefined);
    if (which < 0 || match.index === undefined) continue;
    const { kind, rank = 0 } = LABELS[which]!;
    const text = match[0];
    found.push({
      kind,
      rank,
      expectsValue: /[#:]|n[oº°]\.?|no\.|number|num/i.test(text) || kind === "customer" || kind === "ship",
      line: index,
      start: match.index,
      end: match.index + text.length,
    });
  }
  return found;
}

/** Cells of a line: split at column gaps (3+ spaces) and where a label starts. */
function splitCells(line: string, labels: Label[]): Cell[] {
  const cuts = new Set<number>([0]);
  for (const gap of line.matchAll(/ {3,}/g)) cuts.add((gap.index ?? 0) + gap[0].length);
  for (const label of labels) cuts.add(label.start);
  const starts = [...cuts].sort((a, b) => a - b);
  const cells: Cell[] = [];
  starts.forEach((start, i) => {
    const piece = line.slice(start, starts[i + 1] ?? line.length);
    const text = piece.trim();
    if (text) cells.push({ text, start: start + piece.indexOf(text) });
  });
  return cells;
}

/**
 * A block is what a customer, ship-to or store label heads: the rest of its cell, then the cells
 * below it in its column, until a blank line, another label in that column, or BLOCK_LINES lines.
 */
function buildBlocks(lines: string[], cells: Cell[][], labels: Label[]): Block[] {
  const blocks: Block[] = [];
  for (const label of labels) {
    if (label.kind !== "customer" && label.kind !== "ship" && label.kind !== "store") continue;
    const block: Block = { kind: label.kind, cells: [] };
    const own = cells[label.line]?.find((c) => c.start <= label.start && label.start < c.start + c.text.length);
    const rest = own ? own.text.slice(label.end - own.start).replace(/^[\s:.#-]+/, "") : "";
    if (rest) block.cells.push({ line: label.line, cell: { text: rest, start: label.end } });
    // "| Bill To | Jane Doe |": the value in the next cell of the label's own line.
    const next = cells[label.line]?.find((c) => c.start > label.start);
    if (!rest && next && !labels.some((l) => l.line === label.line && l.start === next.start))
      block.cells.push({ line: label.line, cell: next });
    // Labels on the same line are the column heads the lines below are sorted under.
    const heads = labels.filter((l) => l.line === label.line).map((l) => l.start);
    for (let line = label.line + 1; line < Math.min(lines.length, label.line + 1 + BLOCK_LINES); line++) {
      if (!lines[line]?.trim()) {
        if (block.cells.length > 0) break;
        continue;
      }
      const mine = (cells[line] ?? []).filter((c) => nearest(heads, c.start) === label.start);
      if (mine.length === 0) continue;
      if (labels.some((l) => l.line === line && l.kind !== "field" && nearest(heads, l.start) === label.start)) break;
      block.cells.push(...mine.map((cell) => ({ line, cell })));
    }
    blocks.push(block);
  }
  return blocks;
}

function nearest(heads: number[], offset: number): number {
  let best = heads[0] ?? 0;
  for (const head of heads) if (Math.abs(head - offset) < Math.abs(best - offset)) best = head;
  return best;
}

/** Which block a spot of the text belongs to, and whether it sits above every label (the store's letterhead). */
function placeOf(
  blocks: Block[],
  labels: Label[],
  line: number,
  offset: number,
): { kind: LabelKind | "letterhead" | "none"; labelKinds: LabelKind[] } {
  const labelKinds = labels
    .filter((l) => l.line === line && l.end <= offset)
    .sort((a, b) => b.end - a.end)
    .map((l) => l.kind);
  // Nearest label to the left on the same line decides first (Store phone: ... beside Phone: ...).
  if (labelKinds[0] === "store") return { kind: "store", labelKinds };
  for (const block of blocks) {
    if (
      block.cells.some(
        ({ line: l, cell }) => l === line && cell.start <= offset && offset <= cell.start + cell.text.length,
      )
    )
      return { kind: block.kind, labelKinds };
  }
  const firstLabel = labels.find((l) => l.kind === "customer" || l.kind === "ship" || l.kind === "invoice");
  if (firstLabel && line < firstLabel.line) return { kind: "letterhead", labelKinds };
  return { kind: "none", labelKinds };
}

interface Candidate {
  value: string;
  line: number;
  offset: number;
  /** Penalty from the value itself: a toll-free phone, an info@ address. */
  penalty: number;
}

type Where = (line: number, offset: number) => ReturnType<typeof placeOf>;

/** The candidate in the customer's place; none when every one is the store's. */
function best(candidates: Candidate[], where: Where): string {
  let chosen: { value: string; score: number } | undefined;
  for (const candidate of candidates) {
    const place = where(candidate.line, candidate.offset);
    const score =
      { customer: 4, ship: 2, none: 0, letterhead: -2, store: -4, invoice: 0, field: 0, other: 0 }[place.kind] -
      candidate.penalty;
    // Later wins a tie: the letterhead comes first, the customer after it.
    if (score >= 0 && (!chosen || score >= chosen.score)) chosen = { value: candidate.value, score };
  }
  return chosen?.value ?? "";
}

const GENERIC_MAILBOX =
  /^(info|sales|support|service|help|contact|orders?|store|hello|customer.?(service|care)|noreply|no-reply|billing|accounts?|ventas|servicio|soporte|contacto|tienda|atencion)\b/i;

function findEmails(lines: string[]): Candidate[] {
  const found: Candidate[] = [];
  lines.forEach((line, index) => {
    // OCR: spaces around @ and after dots ("maria. lopez"), ©, ® or a capital G for @ in a
    // lower-case address, "corn" or "corr" for "com".
    const mended = line
      .replace(/\s*[@©®]\s*/g, "@")
      .replace(/([a-z0-9])\.\s+(?=[a-z0-9])/g, "$1.")
      .replace(/(@[\w.-]+?)\s*\.\s*(?=[a-z]{2,}\b)/gi, "$1.")
      .replace(/(^|[\s:])([a-z0-9._-]{2,})[G©®&]([a-z0-9-]{2,}\.[a-z]{2,})(?=$|[\s,;])/g, "$1$2@$3");
    for (const m of mended.matchAll(/[\w.+'-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi)) {
      const value = m[0]
        .toLowerCase()
        .replace(/^[.'-]+/, "")
        .replace(/\.c[o0](?:rn|rr|r|n)$/, ".com");
      if (!/^[^@]+@[^@]+\.[a-z]{2,}$/.test(value)) continue;
      const offset = Math.min(m.index ?? 0, line.length);
      found.push({ value, line: index, offset, penalty: GENERIC_MAILBOX.test(value) ? 3 : 0 });
    }
  });
  return found;
}

/** Digit look-alikes OCR gives inside numbers. */
const DIGITISH = "[0-9OoQDIl|!SB]";
const toDigits = (s: string) =>
  s
    .replace(/[OoQD]/g, "0")
    .replace(/[Il|!]/g, "1")
    .replace(/S/g, "5")
    .replace(/B/g, "8");
const TOLL_FREE = /^8(00|33|44|55|66|77|88)/;

function findPhones(lines: string[]): Candidate[] {
  const d = DIGITISH;
  const re = new RegExp(
    String.raw`(?<![\p{L}\d])(?:\+?1[\s.-]{0,2})?\(?\s?(${d}{3})\s?\)?[\s.-]{0,3}(${d}{3})\s?[\s.-]{0,2}\s?(${d}{4})(?![\p{L}\d])`,
    "gu",
  );
  const found: Candidate[] = [];
  lines.forEach((line, index) => {
    for (const m of line.matchAll(re)) {
      const rawDigits = `${m[1]}${m[2]}${m[3]}`;
      // A run of letters is a word, not a misread number.
      if ((rawDigits.match(/\d/g) ?? []).length < 6) continue;
      const digits = toDigits(rawDigits);
      if (!isValidUsPhone(digits)) continue;
      const before = line.slice(Math.max(0, (m.index ?? 0) - 12), m.index ?? 0);
      // A customer has no toll-free number, and a fax is nobody's phone here.
      const penalty = TOLL_FREE.test(digits) || /fax/i.test(before) ? 10 : 0;
      found.push({ value: maskPhone(digits), line: index, offset: m.index ?? 0, penalty });
    }
  });
  return found;
}

const STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);

function findZips(lines: string[]): Candidate[] {
  const d = DIGITISH;
  const afterState = new RegExp(
    String.raw`(?<![\p{L}])([A-Z]{2})\.?,?\s{1,3}(${d}{5})(?:\s?-\s?${d}{4})?(?![\p{L}\d])`,
    "gu",
  );
  const labelled = new RegExp(
    String.raw`(?:zip(?:\s+code)?|c\.\s*p\.|c[oó]digo\s+postal)\s*[:.#]?\s*(${d}{5})(?![\p{L}\d])`,
    "giu",
  );
  const found: Candidate[] = [];
  lines.forEach((line, index) => {
    for (const m of line.matchAll(afterState)) {
      const [, state = "", digits = ""] = m;
      if (!STATES.has(state)) continue;
      const zip = toDigits(digits);
      if (/^\d{5}$/.test(zip) && (digits.match(/\d/g) ?? []).length >= 2)
        found.push({ value: zip, line: index, offset: m.index ?? 0, penalty: 0 });
    }
    for (const m of line.matchAll(labelled)) {
      const zip = toDigits(m[1] ?? "");
      if (/^\d{5}$/.test(zip)) found.push({ value: zip, line: index, offset: m.index ?? 0, penalty: 0 });
    }
  });
  return found;
}

/** The best-ranked labelled number; else an INV-like code anywhere. */
function readInvoiceNumber(lines: string[], cells: Cell[][], labels: Label[]): string {
  let chosen: { value: string; rank: number } | undefined;
  for (const label of labels) {
    if (label.kind !== "invoice" || (chosen && chosen.rank >= label.rank)) continue;
    const own = cells[label.line]?.find((c) => c.start <= label.start && label.start < c.start + c.text.length);
    let value = own ? readCode(own.text.slice(label.end - own.start)) : "";
    // A table head ("Invoice #   Date") has its values in the next line, under it.
    for (
      let line = label.line + 1;
      !value && label.expectsValue && line < Math.min(lines.length, label.line + 3);
      line++
    ) {
      const below = cells[line] ?? [];
      if (below.length === 0) continue;
      const heads = labels.filter((l) => l.line === label.line).map((l) => l.start);
      value = readCode(
        below
          .filter((c) => nearest(heads, c.start) === label.start)
          .map((c) => c.text)
          .join(" "),
      );
      if (!value && below.length === 1) value = firstInvoiceLike(below[0]!.text);
      break;
    }
    if (value) chosen = { value, rank: label.rank };
  }
  if (chosen) return chosen.value;
  for (const line of lines) {
    const value = firstInvoiceLike(line);
    if (value) return value;
  }
  return "";
}

/** An INV-123456 shape anywhere in a line, OCR look-alikes allowed. */
function firstInvoiceLike(line: string): string {
  const m = /(?<![\p{L}\d])[1lI|]NV\s?[-.]?\s?[0-9OoIl|]{4,10}(?![\p{L}\d])/u.exec(line);
  return m ? mendCode(m[0]) : "";
}

/**
 * The code at the start of a label's value: "#: INV-1O0234  Date ..." gives "INV-100234". A code
 * has 4 or more digits and is not a date, a money amount or a phone number.
 */
function readCode(value: string): string {
  const rest = value.replace(/^(?:\s|[#:.-]|n[oº°]\.?(?=\s|\d|$)|no\.|num(?:ber|ero)?\.?|número)+/i, "");
  const m = /^[\p{L}\d|]{1,12}(?:\s?[-/]\s?[\p{L}\d|]{1,12}){0,3}(?:\s[0-9OoIl|]{3,10}(?![\p{L}]))?/u.exec(rest);
  if (!m) return "";
  const raw = m[0];
  if (/^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/.test(raw) || /^\$/.test(rest)) return "";
  const code = mendCode(raw);
  const digits = (code.match(/\d/g) ?? []).length;
  if (digits < 4 || code.length > 24 || !/^[A-Z0-9]+(?:[-/][A-Z0-9]+)*$/.test(code)) return "";
  if (isValidUsPhone(code) && /^\d+$/.test(code.replace(/-/g, ""))) return "";
  return code;
}

/**
 * Mends OCR look-alikes in a code, part by part: a mostly-digit part gets digits (O to 0, l to 1),
 * a mostly-letter part letters (0 to O, 1 to I); a letter prefix glued to digits keeps its letters.
 */
function mendCode(raw: string): string {
  const joined = raw.replace(/\s*([-/])\s*/g, "$1").replace(/\s+/g, raw.includes("-") ? "" : "-");
  return joined
    .split(/([-/])/)
    .map((part) => {
      if (part === "-" || part === "/") return part;
      // A lower-case l among capitals is an I ("lNV"); among digits it is a 1 (below).
      const upper = (/[A-Z]/.test(part) ? part.replace(/l/g, "I") : part).toUpperCase();
      const glued = /^([A-Z]{2,4})([0-9OQDIL|!SBZ]{4,})$/.exec(upper);
      if (glued?.[1] && glued[2] && /\d/.test(glued[2]))
        return glued[1] + toDigits(glued[2]).replace(/L/g, "1").replace(/Z/g, "2");
      const digits = (upper.match(/\d/g) ?? []).length;
      const letters = (upper.match(/[A-Z|!]/g) ?? []).length;
      if (digits >= letters) return toDigits(upper).replace(/L/g, "1").replace(/Z/g, "2");
      return upper.replace(/0/g, "O").replace(/[1|!]/g, "I").replace(/5/g, "S").replace(/8/g, "B");
    })
    .join("");
}

const HONORIFIC = /^(mr|mrs|ms|miss|mx|dr|sr|sra|srta|don|doña)\.?$/i;
const SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;
const NOT_A_NAME =
  /^(bill|ship|sold|to|customer|cliente|name|nombre|phone|email|address|invoice|factura|date|fecha|store|tienda|order|total|delivery|the|and|of|inc|llc|co|furniture|home|street|st|ave|avenue|suite|apt)$/i;

/**
 * First and last name: from "First Name:" and "Last Name:" (or "Nombre:" and "Apellidos:") when
 * both are printed, else from the customer block, else the ship-to block.
 */
function readName(blocks: Block[], text: string): { first: string; last: string } {
  const first = /(?<![\p{L}])(?:first\s+name|given\s+name|nombre)\s*:\s*([\p{L}][\p{L}'’-]*)/iu.exec(text)?.[1];
  const last =
    /(?<![\p{L}])(?:last\s+name|surname|family\s+name|apellidos?)\s*:\s*([\p{L}][\p{L}'’-]*(?: [\p{L}][\p{L}'’-]*)?)/iu.exec(
      text,
    )?.[1];
  if (first && last) {
    const name = tidy(first, last.replace(/ (?:phone|tel|email|e-mail|correo|tel[eé]fono)$/i, ""));
    if (name) return name;
  }
  const ordered = [...blocks.filter((b) => b.kind === "customer"), ...blocks.filter((b) => b.kind === "ship")];
  for (const block of ordered) {
    for (const { cell } of block.cells.slice(0, 2)) {
      // "Jane Doe 245 W 29th St": OCR ran the name and the address together.
      const name = parseName(cell.text) ?? parseName(cell.text.split(/\s(?=\d)/)[0] ?? "");
      if (name) return name;
    }
  }
  return { first: "", last: "" };
}

/** "DOE, JANE A." or "Jane A. Doe" or "Mr. Jane Doe Jane Doe" (two columns read as one). */
export function parseName(text: string): { first: string; last: string } | undefined {
  const cleaned = text
    .replace(/[|[\]{}()*"“”<>_~]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const comma = /^([\p{L}'’-]+(?: [\p{L}'’-]+)?)\s?,\s?([\p{L}'’-]+)(?: [\p{L}]\.?)?$/u.exec(cleaned);
  if (comma) return tidy(comma[2] ?? "", comma[1] ?? "");
  let words = cleaned.split(" ").map((w) => w.replace(/[.,;:]+$/, ""));
  if (words.some((w) => /\d/.test(w))) return undefined;
  words = words.filter((w) => w && !HONORIFIC.test(w) && !SUFFIX.test(w));
  // Bill To beside Ship To, read as one line: "Jane Doe Jane Doe".
  const again = words.indexOf(words[0] ?? "", 1);
  if (again > 0) words = words.slice(0, again);
  words = words.filter((w, i) => !(i > 0 && i < words.length - 1 && /^\p{L}$/u.test(w)));
  if (words.length < 2 || words.length > 3) return undefined;
  if (!words.every((w) => /^\p{L}[\p{L}'’-]*$/u.test(w) && !NOT_A_NAME.test(w))) return undefined;
  return tidy(words[0] ?? "", words.slice(1).join(" "));
}

function tidy(first: string, last: string): { first: string; last: string } | undefined {
  if (!/^\p{L}[\p{L}'’-]*$/u.test(first) || NOT_A_NAME.test(first) || NOT_A_NAME.test(last)) return undefined;
  return { first: titleCase(first), last: titleCase(last) };
}

/** Title case for a name printed all upper or all lower; mixed case is kept as printed. */
function titleCase(word: string): string {
  if (word !== word.toUpperCase() && word !== word.toLowerCase()) return word;
  return word.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}
