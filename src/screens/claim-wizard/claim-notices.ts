/** Toasts for the claim machine's notice codes (SPEC.md section 8). */
import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ClaimNotice } from "../../../machines/claim-wizard.ts";
import { showError, showSuccess } from "../../ui/toasts.ts";

const NOTICES = {
  saveFailed: msg`We could not save your changes. Please try again.`,
  removeFailed: msg`We could not remove that item. Please try again.`,
  submitFailed: msg`We could not submit your claim. Please try again.`,
  damageDeleteFailed: msg`We could not delete that damage. Please try again.`,
  documentDeleted: msg`file deleted sucessfully`,
  documentDeleteFailed: msg`file not deleted.`,
  documentDeleteError: msg`something went wrong, can't delete file.`,
} satisfies Record<ClaimNotice, MessageDescriptor>;

export function showClaimNotice(code: ClaimNotice): void {
  const text = i18n._(NOTICES[code]);
  if (code === "documentDeleted") showSuccess(text);
  else showError(text);
}
