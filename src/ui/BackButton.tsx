/** Back button: runs the given action, or goes one step back in history when none is given. */
import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";

export function BackButton({ onBack }: { onBack?: () => void }) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <button type="button" className="back-button" onClick={onBack ?? (() => router.history.back())}>
      <span aria-hidden="true">←</span> {t`Back`}
    </button>
  );
}
