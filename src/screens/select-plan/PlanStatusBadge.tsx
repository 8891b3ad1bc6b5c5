/** The plan status badge, in the consumer's language (SPEC.md section 4, "Plan status"). */
import { useLingui } from "@lingui/react/macro";
import type { PlanStatus } from "../../../machines/domain.ts";

export function PlanStatusBadge({ status }: { status: PlanStatus | null }) {
  const { t } = useLingui();
  if (!status) return null;
  const label: Record<PlanStatus, string> = {
    active: t`Active`,
    expired: t`Expired`,
    cancelled: t`Cancelled`,
    cancelByDealer: t`Cancel by Dealer`,
    cancelByCustomer: t`Cancel by Customer`,
  };
  return <span className={`badge badge-${status}`}>{label[status]}</span>;
}
