// The ⋯ button in a card's head that opens its action menu (node and DaemonSet cards alike).

import type { MenuTarget } from '../graphStore';
import { openMenu } from '../graphActions';

export function CardMenuButton({
  target,
  label,
  testId,
}: {
  target: MenuTarget;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="card-menu-btn nodrag nokey"
      aria-haspopup="menu"
      aria-label={label}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        openMenu(target, e.currentTarget);
      }}
    >
      ⋯
    </button>
  );
}
