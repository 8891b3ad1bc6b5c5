/**
 * The files of a running upload batch (SPEC.md section 5 "Upload"), one row each: its name, what is
 * happening, a progress bar, Cancel or Retry. Loaded with the batch (upload-batch.ts) when the
 * first files are picked: before then an upload area has no rows to show.
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { UploadItemRef } from "../../machines/file-upload.machine.ts";
import type { UploadBatch } from "./upload-batch.ts";

/** One file of the batch: its name, what is happening, a progress bar, Cancel or Retry. */
function UploadRow({
  item,
  fileName,
  onCancel,
  onRetry,
}: {
  item: UploadItemRef;
  fileName: string;
  onCancel: () => void;
  onRetry: () => void;
}) {
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

/** The batch's files as a live list, in the order they were picked; nothing while it has none. */
export function UploadQueue({ batch }: { batch: UploadBatch }) {
  const { t } = useLingui();
  const entries = useSelector(batch, (snapshot) => snapshot.context.entries);
  const children = useSelector(batch, (snapshot) => snapshot.children);
  if (entries.length === 0) return null;
  return (
    <ul className="upload-queue" aria-label={t`Files being uploaded`} aria-live="polite">
      {entries.map((entry) => {
        const item = children[entry.key] as UploadItemRef | undefined;
        return item ? (
          <UploadRow
            key={entry.key}
            item={item}
            fileName={entry.fileName}
            onCancel={() => batch.send({ type: "file.cancel", key: entry.key })}
            onRetry={() => batch.send({ type: "file.retry", key: entry.key })}
          />
        ) : null;
      })}
    </ul>
  );
}
