/**
 * How personal-information search compares what a consumer typed with what is stored
 * (SPEC.md sections 3 and 5, "Personal search").
 */

/**
 * Digits of a US phone number as stored: formatting dropped, a leading country code 1 on an
 * 11-digit number dropped, so "(212) 555-0134", "212.555.0134" and "+1 212 555 0134" all give
 * "2125550134".
 */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * The 5-digit ZIP a typed ZIP names ("10001", " 10001-1234 " give "10001"), or null when it
 * names none (then nothing can match).
 */
export function zip5(typed: string): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(typed.trim());
  return match ? match[1]! : null;
}

/**
 * Accented Latin letters and the plain letter each is compared as, upper and lower case apart:
 * PostgreSQL's lower() leaves non-ASCII letters as they are in a C-locale database (as PGlite's
 * is), so names are folded to plain letters first, then lowered. 'María', 'MARIA' and 'maría' all
 * compare as 'maria'; 'Zoë' as 'zoe'; 'Núñez' as 'nunez'.
 */
const ACCENTED = "ÁÀÂÄÃÅĀÉÈÊËĒÍÌÎÏĪÓÒÔÖÕØŌÚÙÛÜŪÑÇÝŸáàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ";
const PLAIN = "AAAAAAAEEEEEIIIIIOOOOOOOUUUUUNCYYaaaaaaaeeeeeiiiiiooooooouuuuuncyy";

/** A typed name as searches compare it: trimmed, accents folded, lower case. */
export function foldName(typed: string): string {
  // Composed first: text pasted as a letter and a separate accent mark (as macOS may give it)
  // then meets the table's letters.
  return [...typed.normalize("NFC").trim()]
    .map((letter) => PLAIN[ACCENTED.indexOf(letter)] ?? letter)
    .join("")
    .toLowerCase();
}

/**
 * SQL folding a name column as `foldName` folds typed text. `column` is a column reference written
 * in the query itself; the letters are constants, so nothing from a request enters the SQL text.
 */
export function foldedNameSql(column: string): string {
  return `lower(translate(btrim(${column}), '${ACCENTED}', '${PLAIN}'))`;
}
