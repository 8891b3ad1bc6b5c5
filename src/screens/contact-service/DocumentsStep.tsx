/**
 * Contact service step 3, 'Upload Documents' (SPEC.md section 5): the invoice and any other
 * document, with the claim screens' upload area; at least one file ('Please upload atleast 1
 * files'), 10485760 bytes each.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { contactDocumentUrl, contactRequestDestination } from "../../api/contact-service.ts";
import { DocumentList } from "../../ui/DocumentList.tsx";
import { UploadArea } from "../../ui/UploadArea.tsx";
import type { ContactServiceActor } from "./contact-actor.ts";

export function DocumentsStep({ actor }: { actor: ContactServiceActor }) {
  const { t } = useLingui();
  const requestId = useSelector(actor, (snapshot) => snapshot.context.requestId);
  const documents = useSelector(actor, (snapshot) => snapshot.context.documents);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  const missing = useSelector(
    actor,
    (snapshot) => snapshot.context.checkedSteps.includes(3) && snapshot.context.documents.length === 0,
  );
  return (
    <div className="card">
      <p className="hint">
        <Trans>A photo or PDF of your invoice or sales receipt helps our team find your plan.</Trans>
      </p>
      <UploadArea
        destination={contactRequestDestination(requestId)}
        label={t`Invoice or sales receipt`}
        error={missing ? t`Please upload atleast 1 files` : null}
        onLinked={(document) => actor.send({ type: "document.added", document })}
      />
      <DocumentList
        documents={documents}
        urlOf={(fileName) => contactDocumentUrl(requestId, fileName)}
        disabled={busy}
        onDelete={(documentId) => actor.send({ type: "document.delete", documentId })}
      />
    </div>
  );
}
