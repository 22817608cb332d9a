import { describe, expect, it } from 'vitest';
import { Meter } from './meter.js';

describe('Meter', () => {
  it('should snapshot counters into reports with fresh ids and keep them until acknowledged', () => {
    const meter = new Meter({ bootId: 'boot' });
    const a = meter.counter('a');
    a.bytesIn += 10;
    a.bytesOut += 20;
    meter.counter('b');
    const r1 = meter.drain();
    expect(r1).toEqual({ reportId: 'boot-1', counters: [{ proxyId: 'a', bytesIn: 10, bytesOut: 20 }] });
    expect(a).toEqual({ bytesIn: 0, bytesOut: 0 });
    expect(meter.drain()).toBeNull();

    a.bytesIn += 1;
    const r2 = meter.drain();
    expect(r2?.reportId).toBe('boot-2');
    expect(meter.pending().map((r) => r.reportId)).toEqual(['boot-1', 'boot-2']);
    expect(meter.unacked('a')).toBe(31);

    expect(meter.ack('boot-1')).toBe(true);
    expect(meter.ack('boot-1')).toBe(false);
    expect(meter.unacked('a')).toBe(1);
    expect(meter.ack('boot-2')).toBe(true);
    expect(meter.pending()).toEqual([]);
  });

  it('should give each process its own id prefix', () => {
    expect(new Meter().bootId).not.toBe(new Meter().bootId);
  });

  it('should report a retired proxy once more, then forget it', () => {
    const meter = new Meter({ bootId: 'x' });
    const gone = meter.counter('gone');
    gone.bytesOut += 5;
    meter.retire('gone');
    expect(meter.drain()?.counters).toEqual([{ proxyId: 'gone', bytesIn: 0, bytesOut: 5 }]);
    // A new counter object: the retired one is no longer tracked.
    expect(meter.counter('gone')).not.toBe(gone);
  });

  it('should keep a counter that comes back before the drain', () => {
    const meter = new Meter();
    const c = meter.counter('p');
    meter.retire('p');
    expect(meter.counter('p')).toBe(c);
    meter.drain();
    expect(meter.counter('p')).toBe(c);
  });
});
