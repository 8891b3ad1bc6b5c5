/**
 * Upload area for one destination, a claim item or a contact-service request (SPEC.md section 5
 * "Upload"; issue 13): several files at once, picked, dropped or taken with the phone camera; HEIC
 * photos converted and big photos made smaller before upload (src/lib/photo-prepare.ts); a progress
 * bar, Cancel and, after a failure, Retry per file; the toasts of section 8. The fileUpload machine
 * runs the batch, one child per file.
 */
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useId, useState, type DragEvent } from "react";
import { fromCallback, fromPromise } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  fileUploadMachine,
  uploadItemMachine,
  type FileRefusal,
  type PickedFile,
  type UploadItemEvent,
  type UploadItemRef,
  type UploadNotice,
} from "../../machines/file-upload.machine.ts";
import { putFile, type UploadDestination } from "../api/documents.ts";
import { prepareFile, PHOTO_EXTENSIONS } from "../lib/photo-prepare.ts";
import { MAX_UPLOAD_BYTES, extensionOf } from "../../contract/upload-rules.ts";
import { showError, showSuccess } from "./toasts.ts";
import { inspect } from "../inspect.ts";

/** What the picker offers: the stored types, and HEIC/HEIF photos, converted before upload. */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.heif,.pdf";

/**
 * The batch check, by name and size only: an unknown extension is refused; a PDF over the limit is
 * refused; a photo over it is not, since it is made smaller before upload.
 */
export function checkPicked(files: PickedFile[]): FileRefusal[] {
  return files.flatMap((file): FileRefusal[] => {
    const ext = extensionOf(file.name);
    if (!(PHOTO_EXTENSIONS as readonly string[]).includes(ext)) return [{ fileName: file.name, reason: "unsupported" }];
    if (ext === "pdf" && file.size > MAX_UPLOAD_BYTES) return [{ fileName: file.name, reason: "tooBig" }];
    return [];
  });
}

const uploadActors = (destination: UploadDestination) => ({
  checkFiles: fromPromise<FileRefusal[], PickedFile[]>(async ({ input }) => checkPicked(input)),
  uploadFile: uploadItemMachine.provide({
    actors: {
      prepareFile: fromPromise<PickedFile, { file: PickedFile }>(({ input }) => prepareFile(input.file as File)),
      getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(({ input }) => destination.uploadUrl(input.file)),
      putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ input, sendBack }) => {
        const controller = new AbortController();
        putFile(input.url, input.file as File, (fraction) => sendBack({ type: "upload.progress", fraction }), controller.signal).then(
          () => sendBack({ type: "upload.stored" }),
          () => {
            if (!controller.signal.aborted) sendBack({ type: "upload.failed" });
          },
        );
        return () => controller.abort();
      }),
      linkDocument: fromPromise<ClaimDocument, { fileName: string }>(({ input }) => destination.link(input.fileName)),
    },
  }),
});

function showUploadNotice(notice: UploadNotice, destination: UploadDestination): void {
  switch (notice.code) {
    case "fileTooBig": {
      // The contact path names the file; SPEC.md quotes 20 MB there, but 10 MB is what is enforced
      // and so what is said (docs/spec-decisions.md).
      const { fileName } = notice;
      return showError(
        destination.kind === "contactRequest" ? i18n._(msg`File ${fileName} is too big. Should be less then 10 MB`) : i18n._(msg`File is too big. Should be less then 10 MB`),
      );
    }
    case "fileNotSupported": {
      const { fileName } = notice;
      return showError(i18n._(msg`File ${fileName} is not supported`));
    }
    case "fileDamaged": {
      const { fileName } = notice;
      return showError(i18n._(msg`File ${fileName} is damaged and cannot be opened. Please choose another photo.`));
    }
    case "fileNotUploaded":
      return showError(i18n._(msg`file not uploaded.`));
    case "filesUploaded":
      return showSuccess(i18n._(msg`files uploaded sucessfully`));
  }
}

/** One file of the batch: its name, what is happening, a progress bar, Cancel or Retry. */
function UploadRow({ item, fileName, onCancel, onRetry }: { item: UploadItemRef; fileName: string; onCancel: () => void; onRetry: () => void }) {
  const { t } = useLingui();
  const phase = useSelector(item, (snapshot) => {
    if (snapshot.matches("failed")) return "failed";
    if (snapshot.matches("queued")) return "queued";
    if (snapshot.matches("preparing")) return "preparing";
    if (snapshot.matches("waitingToRetry")) return "retrying";
    if (snapshot.matches("linking")) return "linking";
    return "sending";
  });
  const progress = useSelector(item, (snapshot) => snapshot.context.progress);
  const status = {
    queued: t`Waiting`,
    preparing: t`Preparing photo`,
    sending: t`Uploading`,
    retrying: t`Connection lost, trying again`,
    linking: t`Saving`,
    failed: t`file not uploaded.`,
  }[phase];
  return (
    <li>
      <span>{fileName}</span>
      <progress max={1} value={progress} aria-label={t`Uploading ${fileName}`} />
      <span className={phase === "failed" ? "field-error" : "hint"}>{status}</span>
      <span className="upload-buttons">
        {phase === "failed" && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {t`Retry`}
            <span className="visually-hidden"> {fileName}</span>
          </button>
        )}
        {phase !== "linking" && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t`Cancel`}
            <span className="visually-hidden"> {fileName}</span>
          </button>
        )}
      </span>
    </li>
  );
}

export interface UploadAreaProps {
  /** Where the files go: a claim item (claimItemDestination) or a contact-service request. */
  destination: UploadDestination;
  label: string;
  invalid?: boolean;
  onLinked: (document: ClaimDocument) => void;
}

export function UploadArea({ destination, label, invalid, onLinked }: UploadAreaProps) {
  const { t } = useLingui();
  const id = useId();
  const [logic] = useState(() => fileUploadMachine.provide({ actors: uploadActors(destination), actions: { documentLinked: (_, { document }) => onLinked(document) } }));
  const actor = useActorRef(logic, { inspect });
  const entries = useSelector(actor, (snapshot) => snapshot.context.entries);
  const children = useSelector(actor, (snapshot) => snapshot.children);
  const checking = useSelector(actor, (snapshot) => snapshot.matches("checking"));
  const [hasCamera] = useState(() => typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const subscription = actor.on("notify", (notice) => showUploadNotice(notice, destination));
    return () => subscription.unsubscribe();
  }, [actor, destination]);

  const send = (files: File[]) => {
    if (files.length > 0) actor.send({ type: "files.picked", files });
  };
  const pick = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // Cleared every time, so picking the same file again after a refusal still fires a change.
    input.value = "";
    send(files);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!checking) send(Array.from(event.dataTransfer.files));
  };
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes("Files")) return;
    event.preventDefault();
    setDragging(true);
  };

  return (
    <div
      className={`upload-area ${invalid ? "invalid" : ""}`}
      style={dragging ? { borderColor: "var(--primary, #1f5fa8)", background: "#eef4fb" } : undefined}
      onDragOver={dragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label htmlFor={id} className="field-label">
        {label}
        <span className="required-mark" aria-hidden="true">
          {" "}*
        </span>
      </label>
      {destination.kind === "claimItem" && (
        <>
          <p className="hint">{t`Three photos help us most:`}</p>
          <ul className="hint">
            <li>{t`the whole item`}</li>
            <li>{t`a close-up of the damage`}</li>
            <li>{t`the label or tag`}</li>
          </ul>
        </>
      )}
      <p className="hint">{hasCamera ? t`Photos (also HEIC) or PDF; PDFs up to 10 MB.` : t`Photos (also HEIC) or PDF; PDFs up to 10 MB. You can also drop files here.`}</p>
      <div className="upload-buttons">
        <input id={id} type="file" multiple accept={UPLOAD_ACCEPT} disabled={checking} aria-invalid={invalid || undefined} onChange={(event) => pick(event.currentTarget)} />
        {hasCamera && (
          <label className="button button-secondary">
            {t`Take a photo`}
            <input type="file" accept="image/*" capture="environment" className="visually-hidden" disabled={checking} onChange={(event) => pick(event.currentTarget)} />
          </label>
        )}
      </div>
      {entries.length > 0 && (
        <ul className="upload-queue" aria-label={t`Files being uploaded`} aria-live="polite">
          {entries.map((entry) => {
            const item = children[entry.key] as UploadItemRef | undefined;
            return item ? (
              <UploadRow
                key={entry.key}
                item={item}
                fileName={entry.fileName}
                onCancel={() => actor.send({ type: "file.cancel", key: entry.key })}
                onRetry={() => actor.send({ type: "file.retry", key: entry.key })}
              />
            ) : null;
          })}
        </ul>
      )}
    </div>
  );
}
