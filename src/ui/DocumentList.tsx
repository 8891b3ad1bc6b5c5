/** Uploaded documents of a claim item or a contact request: thumbnail or PDF icon, file name, open and delete. */
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ClaimDocument } from "../../machines/domain.ts";
import { extensionOf } from "../../contract/upload-rules.ts";

/** The consumer's own file name: stored names carry a unique prefix before the first '-'. */
export function displayName(fileName: string): string {
  return fileName.replace(/^[A-Za-z0-9]{6,}-/, "");
}

export interface DocumentListProps {
  documents: ClaimDocument[];
  /** The public address of a stored file. */
  urlOf: (fileName: string) => string;
  disabled: boolean;
  onDelete: (documentId: number) => void;
}

export function DocumentList({ documents, urlOf, disabled, onDelete }: DocumentListProps) {
  const { t } = useLingui();
  if (documents.length === 0) return null;
  return (
    <ul className="document-list" aria-label={t`Uploaded files`}>
      {documents.map((document) => {
        const url = urlOf(document.fileName);
        const name = displayName(document.fileName);
        return (
          <li key={document.id}>
            <Thumbnail url={url} isPdf={extensionOf(document.fileName) === "pdf"} />
            <span className="document-name">{name}</span>
            <a
              className="button button-secondary small"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`Open ${name}`}
            >
              {t`Open`}
            </a>
            <button
              type="button"
              className="button button-secondary small"
              disabled={disabled}
              onClick={() => onDelete(document.id)}
              aria-label={t`Delete ${name}`}
            >
              {t`Delete`}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A thumbnail, or the document icon for PDFs and for images the browser cannot draw. */
function Thumbnail({ url, isPdf }: { url: string; isPdf: boolean }) {
  const [broken, setBroken] = useState(false);
  if (isPdf || broken) {
    return (
      <span className="document-icon" aria-hidden="true">
        {isPdf ? "PDF" : "IMG"}
      </span>
    );
  }
  return <img className="document-thumb" src={url} alt="" loading="lazy" onError={() => setBroken(true)} />;
}
