/**
 * The emails' words in the consumer's language (SPEC.md section 9: en and es, fallback en), through
 * Lingui like the portal, from their own catalogs locales/{en,es}/mail.po (lingui.config.ts), which
 * keeps the emails' strings out of the portal's bundle.
 *
 * The templates name their messages with explicit-id descriptors marked `/*i18n*\/` rather than the
 * `msg` macro: the server runs on tsx, which runs no Babel macro, while `lingui extract` still
 * collects the marked descriptors. As in the portal, the English words are the source code's (each
 * descriptor's `message`), so an edit there needs no catalog step; the other languages' catalogs
 * are read and compiled once, at the first email, and an untranslated message falls back to English.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LOCALES, type Locale } from "../../contract/locales.ts";

/** locales/{locale}/mail.po from this folder. */
const catalogPath = (locale: Locale) => fileURLToPath(new URL(`../../locales/${locale}/mail.po`, import.meta.url));

/** The languages read from a catalog: all but the source language, English. */
const TRANSLATED = LOCALES.filter((locale) => locale !== "en");

let catalogs: Promise<Partial<Record<Locale, Messages>>> | undefined;

/** Reads one catalog, compiled: each translated message by its id (an untranslated one is left out). */
async function readCatalog(locale: Locale): Promise<Messages> {
  const filename = catalogPath(locale);
  const catalog = await formatter({ explicitIdAsDefault: true }).parse(await readFile(filename, "utf8"), {
    locale,
    sourceLocale: "en",
    filename,
  });
  return Object.fromEntries(
    Object.entries(catalog).flatMap(([id, entry]) =>
      entry.translation ? [[id, compileMessage(entry.translation)]] : [],
    ),
  );
}

/**
 * A Lingui instance active in `locale`. Each call gets its own instance (the compiled catalogs are
 * shared): a worker rendering two messages at once never switches another's language.
 * @throws when a catalog cannot be read or parsed
 */
export async function mailI18n(locale: Locale): Promise<I18n> {
  catalogs ??= Promise.all(TRANSLATED.map(async (l) => [l, await readCatalog(l)] as const)).then((entries) =>
    Object.fromEntries(entries),
  );
  // A catalog that failed to load is read again at the next email rather than failing every one.
  catalogs.catch(() => (catalogs = undefined));
  const i18n = setupI18n({ locale, messages: { en: {}, ...(await catalogs) } });
  // English, and any message not translated yet, is compiled from the descriptor's own message.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}
