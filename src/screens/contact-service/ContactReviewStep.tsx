/**
 * Contact service step 4, 'Review Details': everything read-only, an Edit link per section, and
 * Submit (in the wizard frame). Dates show as 'MMMM Do, YYYY' (SPEC.md section 5).
 */
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { formatDisplayDate } from "../../lib/dates.ts";
import { maskPhone } from "../../lib/phone.ts";
import { displayName } from "../../ui/DocumentList.tsx";
import type { ContactServiceActor } from "./contact-actor.ts";

export function ContactReviewStep({ actor }: { actor: ContactServiceActor }) {
  const { t, i18n } = useLingui();
  const customer = useSelector(actor, (snapshot) => snapshot.context.customer);
  const purchase = useSelector(actor, (snapshot) => snapshot.context.purchase);
  const documents = useSelector(actor, (snapshot) => snapshot.context.documents);
  const exchanged = purchase.itemsExchanged === "yes" ? t`Yes` : purchase.itemsExchanged === "no" ? t`No` : "";
  return (
    <div className="review">
      <ReviewSection title={t`Customer Details`} onEdit={() => actor.send({ type: "customer.edit" })}>
        <Fact term={t`Name on invoice`} value={customer.name} />
        <Fact term={t`Email`} value={customer.email} />
        <Fact term={t`Phone`} value={customer.phone && maskPhone(customer.phone)} />
        <Fact
          term={t`Address`}
          value={[customer.address, customer.city, customer.state, customer.zipCode].filter(Boolean).join(", ")}
        />
      </ReviewSection>
      <ReviewSection title={t`Purchase Details`} onEdit={() => actor.send({ type: "purchase.edit" })}>
        <Fact term={t`Invoice number`} value={purchase.invoice} />
        <Fact
          term={t`Date of purchase`}
          value={purchase.purchaseDate && formatDisplayDate(purchase.purchaseDate, i18n)}
        />
        <Fact term={t`Store name`} value={purchase.storeName} />
        <Fact term={t`Store phone`} value={purchase.storePhone && maskPhone(purchase.storePhone)} />
        <Fact
          term={t`Store address`}
          value={[purchase.storeAddress, purchase.storeCity, purchase.storeState, purchase.storeZip]
            .filter(Boolean)
            .join(", ")}
        />
        <Fact term={t`Were any items exchanged?`} value={exchanged} />
      </ReviewSection>
      <ReviewSection title={t`Documents`} onEdit={() => actor.send({ type: "documents.edit" })}>
        <Fact term={t`Files`} value={documents.map((document) => displayName(document.fileName)).join(", ")} />
      </ReviewSection>
    </div>
  );
}

function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="card" aria-label={title}>
      <div className="review-section-title">
        <h2>{title}</h2>
        <button type="button" className="link-button" onClick={onEdit} aria-label={t`Edit ${title}`}>
          {t`Edit`}
        </button>
      </div>
      <dl className="facts">{children}</dl>
    </section>
  );
}

/** A fact of the review; a missing one says so rather than showing nothing. */
function Fact({ term, value }: { term: string; value: string | undefined }) {
  const { t } = useLingui();
  return (
    <>
      <dt>{term}</dt>
      <dd>{value ? value : <span className="missing">{t`Missing`}</span>}</dd>
    </>
  );
}
