/**
 * FAQ accordion: each item expands or collapses on click; all start expanded (SPEC.md section 2).
 * Each item is a native `<details>`, so the browser opens and closes it, announces whether it is
 * expanded, and does so on the prerendered welcome page before any script has run.
 */
import { useLingui } from "@lingui/react/macro";

interface FaqItem {
  question: string;
  answers: string[];
}

export function Faq() {
  const { t } = useLingui();
  const items: FaqItem[] = [
    {
      question: t`What do I need to file a claim?`,
      answers: [t`Have your invoice ready.`, t`Take pictures of the damaged item.`],
    },
    {
      question: t`How long does a review take?`,
      answers: [t`Claims are typically reviewed within 3 to 5 business days.`],
    },
    {
      question: t`What if my item is not listed?`,
      answers: [t`Submit your invoice and extra details, and we will review them.`],
    },
    { question: t`What if I do not have my invoice?`, answers: [t`Contact the retailer you bought from for a copy.`] },
  ];
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{t`Frequently asked questions`}</h2>
      {items.map((item, index) => (
        // By place, not by question: a change of language keeps each item as the visitor left it.
        <FaqEntry key={index} item={item} />
      ))}
    </section>
  );
}

function FaqEntry({ item }: { item: FaqItem }) {
  return (
    // `open` is where each item starts; from then on it is the browser's and the visitor's, and
    // React, whose prop never changes, never writes it again.
    <details className="faq-item" open>
      <summary>
        <h3>{item.question}</h3>
      </summary>
      <div>
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
    </details>
  );
}
