/** FAQ accordion: each item expands or collapses on click; all start expanded (SPEC.md section 2). */
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";

interface FaqItem {
  question: string;
  answers: string[];
}

export function Faq() {
  const { t } = useLingui();
  const items: FaqItem[] = [
    { question: t`What do I need to file a claim?`, answers: [t`Have your invoice ready.`, t`Take pictures of the damaged item.`] },
    { question: t`How long does a review take?`, answers: [t`Claims are typically reviewed within 3 to 5 business days.`] },
    { question: t`What if my item is not listed?`, answers: [t`Submit your invoice and extra details, and we will review them.`] },
    { question: t`What if I do not have my invoice?`, answers: [t`Contact the retailer you bought from for a copy.`] },
  ];
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{t`Frequently asked questions`}</h2>
      {items.map((item) => (
        <FaqEntry key={item.question} item={item} />
      ))}
    </section>
  );
}

function FaqEntry({ item }: { item: FaqItem }) {
  const [expanded, setExpanded] = useState(true);
  const panelId = useId();
  return (
    <div className="faq-item">
      <h3>
        <button type="button" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded(!expanded)}>
          {item.question}
        </button>
      </h3>
      <div id={panelId} hidden={!expanded}>
        {item.answers.length === 1 ? (
          <p>{item.answers[0]}</p>
        ) : (
          <ul>
            {item.answers.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
