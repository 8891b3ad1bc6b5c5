/** Toasts for the contact-service machine's notice codes (SPEC.md section 8). */
import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ContactNotice } from "../../../machines/contact-service.machine.ts";
import { showError, showSuccess } from "../../ui/toasts.ts";

const NOTICES = {
  incomplete: msg`Please complete all the missing data and try submitting again.`,
  submitFailed: msg`We could not send your request. Please try again.`,
  documentDeleted: msg`file deleted sucessfully`,
  documentDeleteFailed: msg`file not deleted.`,
  documentDeleteError: msg`something went wrong, can't delete file.`,
} satisfies Record<ContactNotice, MessageDescriptor>;

export function showContactNotice(code: ContactNotice): void {
  const text = i18n._(NOTICES[code]);
  if (code === "documentDeleted") showSuccess(text);
  else showError(text);
}
