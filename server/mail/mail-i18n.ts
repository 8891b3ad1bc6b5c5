/**
 * The emails' words in the consumer's language (SPEC.md section 9: en and es, fallback en), through
 * Lingui like the portal, from their own catalogs locales/{en,es}/mail.po (lingui.config.ts), which
 * keeps the emails' strings out of the portal's bundle.
 *
 * The templates name their messages with explicit-id descriptors marked `/*i18n*\/` rather than the
 * `msg` macro: the server runs on tsx, which runs no Babel macro, while `lingui extract` still
 * collects the marked descriptors. The catalogs are read and compiled once, at the first email
 * with Lingui's own message compiler.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LOCALES, type Locale } from "../../contract/locales.ts";


/** locales/{locale}/mail.po from this folder. */
const catalogPath = (locale: Locale) => fileURLToPath(new URL(`../../locales/${locale}/mail.po`, import.meta.url));

let catalogs: Promise<Record<Locale, Messages>> | undefined;

/** Reads one catalog, compiled: each message id and its text in the language (the English source where untranslated). */
async function readCatalog(locale: Locale): Promise<Messages> {
  const filename = catalogPath(locale);
  const catalog = await formatter({ explicitIdAsDefault: true }).parse(await readFile(filename, "utf8"), { locale, sourceLocale: "en", filename });
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id)]));
}

/**
 * A Lingui instance active in `locale`. Each call gets its own instance (the compiled catalogs are
 * shared): a worker rendering two messages at once never switches another's language.
 * @throws when a catalog cannot be read or parsed
 */
export async function mailI18n(locale: Locale): Promise<I18n> {
  catalogs ??= Promise.all(LOCALES.map(async (l) => [l, await readCatalog(l)] as const)).then((entries) => Object.fromEntries(entries) as Record<Locale, Messages>);
  // A catalog that failed to load is read again at the next email rather than failing every one.
  catalogs.catch(() => (catalogs = undefined));
  return setupI18n({ locale, messages: await catalogs });
}
