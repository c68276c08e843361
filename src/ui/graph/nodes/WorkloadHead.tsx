// The top of a full workload card, the same for a DaemonSet and a Deployment: its kind and menu button,
// its name and namespace, and its counters as kubectl's columns (a header row, a value row).

import type { ReactNode } from 'react';
import type { MenuTarget } from '../graphStore';
import { CardMenuButton } from './CardMenuButton';

export function WorkloadHead<K extends string>({
  kind,
  name,
  namespace,
  target,
  menuLabel,
  testPrefix,
  counters,
  value,
}: {
  kind: string;
  name: string;
  namespace: string;
  target: MenuTarget;
  menuLabel: string;
  /** `graph.ds.NAME` or `graph.deploy.NAME`: the menu button and each counter cell are named after it */
  testPrefix: string;
  /** [key, column header] */
  counters: readonly (readonly [K, string])[];
  value: (key: K) => ReactNode;
}) {
  return (
    <>
      <div className="card-head">
        <span className="ds-kind">{kind}</span>
        <CardMenuButton target={target} label={menuLabel} testId={`${testPrefix}.menu`} />
      </div>
      <div className="card-title">
        <span className="ds-name">{name}</span>
        <span className="ds-ns">{namespace}</span>
      </div>
      <table className="ds-counters">
        <thead>
          <tr>
            {counters.map(([, h]) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {counters.map(([k]) => (
              <td key={k} data-testid={`${testPrefix}.${k}`}>
                {value(k)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </>
  );
}
