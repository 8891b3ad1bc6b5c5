/**
 * Upload area for one destination, a claim item or a contact-service request (SPEC.md section 5
 * "Upload"): several files at once, picked, dropped or taken with the phone camera; HEIC
 * photos converted and big photos made smaller before upload (src/lib/photo-prepare.ts); a progress
 * bar, Cancel and, after a failure, Retry per file; the toasts of section 8. The fileUpload machine
 * runs the batch, one child per file (upload-batch.ts). The batch, its machine, the photo
 * pipeline and the rows that show its files (UploadQueue.tsx) load when the first files are picked
 * or dropped, not with the screen: until then the area is only its picker.
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { PICKER_ACCEPT } from "../../contract/upload-rules.ts";
import type { ClaimDocument } from "../../machines/domain.ts";
import type { UploadDestination } from "../api/documents.ts";
import { useReportError } from "./Form.tsx";
import { showError } from "./toasts.ts";
import type { UploadBatch } from "./upload-batch.ts";
import type { UploadQueue } from "./UploadQueue.tsx";

export interface UploadAreaProps {
  /** Where the files go: a claim item (claimItemDestination) or a contact-service request. */
  destination: UploadDestination;
  label: string;
  /**
   * What is missing, shown under the picker and tied to it, and listed in the enclosing Form's
   * error summary like any field's message; null or absent when nothing is.
   */
  error?: string | null;
  onLinked: (document: ClaimDocument) => void;
}

export function UploadArea({ destination, label, error = null, onLinked }: UploadAreaProps) {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  useReportError(id, label, error);
  // The batch once its code is in, with the rows that show its files (loaded beside it).
  const [running, setRunning] = useState<{ actor: UploadBatch; Queue: typeof UploadQueue } | null>(null);
  const actor = running?.actor;
  const starting = useRef<Promise<UploadBatch> | null>(null);
  const latest = useRef({ destination, onLinked });
  useEffect(() => {
    latest.current = { destination, onLinked };
  });
  // While the batch's code loads, the picker waits as it does while a batch is checked.
  const [loading, setLoading] = useState(false);
  const checking = useSelector(actor, (snapshot) => snapshot?.matches("checking") ?? false) || loading;
  const [dragging, setDragging] = useState(false);
  // The batch ends with the area, even one whose code was still loading.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => () => actor?.stop(), [actor]);

  /** The running batch, started on first use with the destination and onLinked of the moment. */
  const batch = (): Promise<UploadBatch> => {
    if (!starting.current) {
      setLoading(true);
      starting.current = Promise.all([import("./upload-batch.ts"), import("./UploadQueue.tsx")]).then(
        ([{ startUploadBatch }, { UploadQueue }]) => {
          const started = startUploadBatch(
            () => latest.current.destination,
            (document) => latest.current.onLinked(document),
          );
          if (!mounted.current) started.stop();
          setRunning({ actor: started, Queue: UploadQueue });
          setLoading(false);
          return started;
        },
      );
      starting.current.catch(() => {
        // The code did not load (a lost connection): the next pick tries again.
        starting.current = null;
        setLoading(false);
        showError(t`file not uploaded.`);
      });
    }
    return starting.current;
  };

  const send = (files: File[]) => {
    if (files.length > 0)
      batch().then(
        (started) => started.send({ type: "files.picked", files }),
        () => undefined,
      );
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
      className={`upload-area ${error ? "invalid" : ""}`}
      style={dragging ? { borderColor: "var(--primary, #1f5fa8)", background: "#eef4fb" } : undefined}
      onDragOver={dragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label htmlFor={id} className="field-label">
        {label}
        <span className="required-mark" aria-hidden="true">
          {" "}
          *
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
      {/* Which device it is (a phone's camera, a computer's drop) is left to the stylesheet, so the
          page the server renders is the one the app hydrates, whatever the device. */}
      <p className="hint">
        {t`Photos (also HEIC) or PDF; PDFs up to 10 MB.`}
        <span className="drop-hint"> {t`You can also drop files here.`}</span>
      </p>
      <div className="upload-buttons">
        <input
          id={id}
          type="file"
          multiple
          accept={PICKER_ACCEPT}
          disabled={checking}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => pick(event.currentTarget)}
        />
        <label className="button button-secondary camera-button">
          {t`Take a photo`}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            disabled={checking}
            onChange={(event) => pick(event.currentTarget)}
          />
        </label>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {running && <running.Queue batch={running.actor} />}
    </div>
  );
}
