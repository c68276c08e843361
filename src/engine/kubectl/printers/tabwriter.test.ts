import { describe, expect, it } from 'vitest';
import { DESCRIBE_TABWRITER, TABLE_TABWRITER, tabwrite } from './tabwriter';
import { printTable } from './table';

describe('tabwriter (Go text/tabwriter)', () => {
  it('pads every column but the last to max(minwidth, widest + padding)', () => {
    const text = 'NAME\tREADY\tSTATUS\nfluentd-elasticsearch-5hb9x\t1/1\tRunning\n';
    expect(tabwrite(text, TABLE_TABWRITER)).toBe(
      'NAME                          READY   STATUS\nfluentd-elasticsearch-5hb9x   1/1     Running\n',
    );
  });

  it('applies minwidth 6 to short columns', () => {
    expect(tabwrite('A\tB\nx\ty\n', TABLE_TABWRITER)).toBe('A     B\nx     y\n');
  });

  it('ends column blocks at lines without that cell (describe-style)', () => {
    const text = 'Name:\tx\nLabels:\ta=b\n\tc=d\nContainers:\n  nginx:\n    Image:\tnginx\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe(
      'Name:    x\nLabels:  a=b\n         c=d\nContainers:\n  nginx:\n    Image:  nginx\n',
    );
  });

  it('aligns nested columns independently', () => {
    const text = 'a:\t(1)\n  x\tyy\t\tz\n  ---\t--\t\t-\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe('a:     (1)\n  x    yy    z\n  ---  --    -\n');
  });

  it('keeps trailing padding of empty tab-terminated cells', () => {
    expect(tabwrite('Kube-Proxy Version:\t\nPodCIDR:\t10.244.0.0/24\n', DESCRIBE_TABWRITER)).toBe(
      'Kube-Proxy Version:  \nPodCIDR:             10.244.0.0/24\n',
    );
  });

  it('printTable upper-cases headers', () => {
    expect(printTable({ headers: ['Name', 'Node Selector'], rows: [['ds', '<none>']] })).toBe(
      'NAME   NODE SELECTOR\nds     <none>\n',
    );
  });
});
