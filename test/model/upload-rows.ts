/**
 * The upload area as the upload tables see it (file-upload.model.ts, upload-item.model.ts): the
 * Sofa's 'Photos and documents' on step 4 of a claim on W-E34-WS4566, and the row of a file in
 * 'Files being uploaded'. Neither machine is walked in the browser: the upload pipeline prepares
 * photos in the page and retries after timed waits, which no request can hold; the journeys of
 * test/e2e/uploads.test.ts drive it. Their plans are for people.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { damageStepWords, openDamageStep } from "./screen.ts";

export const PLAN_NUMBER = "W-E34-WS4566";
export const ITEM = "Sofa";
export const PHOTO_NAME = "portrait_6.jpg";
export const PHOTO = fileURLToPath(new URL(`../fixtures/${PHOTO_NAME}`, import.meta.url));
/** A file the upload rules refuse by its name. */
export const REFUSED_NAME = "README.md";
export const REFUSED = fileURLToPath(new URL(`../fixtures/${REFUSED_NAME}`, import.meta.url));

export const uploadAreaSetup = damageStepWords(PLAN_NUMBER, ITEM);
export const openUploadArea = (page: Page) => openDamageStep(page, PLAN_NUMBER, ITEM);

/** The item's picker. */
export const picker = (page: Page) => page.getByLabel(`Photos and documents of the ${ITEM}`);

/** The row of a file in 'Files being uploaded'. */
export const uploadRow = (page: Page, fileName: string) => page.getByRole("list", { name: "Files being uploaded" }).getByRole("listitem").filter({ hasText: fileName });

/** The item's list of documents on the server. */
export const uploaded = (page: Page, fileName: string) => page.getByRole("region", { name: ITEM }).getByRole("list", { name: "Uploaded files" }).getByText(fileName);
