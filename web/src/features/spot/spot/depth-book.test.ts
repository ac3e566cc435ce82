import { applyDelta, applyMessage, applySnapshot, bookView, emptyBook, toDepthData, type Book } from './depth-book';

const snap = (seq: number): Book =>
  applySnapshot(
    emptyBook(),
    {
      seq,
      bids: [
        ['99.5', '2'],
        ['100', '1'],
      ],
      asks: [
        ['101', '4'],
        ['100.5', '0.5'],
      ],
    },
    'socket',
  );

describe('depth book', () => {
  it('takes a snapshot and shows asks and bids best first with bars proportional to amount', () => {
    const v = bookView(snap(10), 20);
    expect(v.asks.map((r) => r.price)).toEqual(['100.5', '101']);
    expect(v.bids.map((r) => r.price)).toEqual(['100', '99.5']);
    // The largest amount shown (4) is the full bar.
    expect(v.asks.map((r) => r.bar)).toEqual(['12.5', '100']);
    expect(v.bids.map((r) => r.bar)).toEqual(['25', '50']);
    expect(v.mid?.toFixed()).toBe('100.25');
    expect(v.spread?.toFixed()).toBe('0.5');
    expect(v.bestBid).toBe('100');
    expect(v.bestAsk).toBe('100.5');
  });

  it('applies chained deltas: "0" removes a level, a new price adds one, decimals compare by value', () => {
    let { book, result } = applyDelta(snap(10), { seq: 11, prevSeq: 10, bids: [['100.0', '0']], asks: [['100.7', '3']] });
    expect(result).toBe('applied');
    ({ book, result } = applyDelta(book, { seq: 12, prevSeq: 11, bids: [['99.50', '5']], asks: [] }));
    expect(result).toBe('applied');
    expect(book.seq).toBe(12);
    const v = bookView(book, 20);
    expect(v.bids).toEqual([{ price: '99.50', amount: '5', bar: '100' }]);
    expect(v.asks.map((r) => r.price)).toEqual(['100.5', '100.7', '101']);
  });

  it('drops stale deltas and waits for a snapshot before any delta', () => {
    expect(applyDelta(emptyBook(), { seq: 3, prevSeq: 2 }).result).toBe('waiting');
    const b = snap(10);
    const r = applyDelta(b, { seq: 10, prevSeq: 9, bids: [['100', '0']] });
    expect(r.result).toBe('stale');
    expect(r.book).toBe(b);
  });

  it('detects a gap via prevSeq, ignores deltas while resyncing, and recovers on the next snapshot', () => {
    const gap = applyDelta(snap(10), { seq: 13, prevSeq: 12, bids: [['1', '1']] });
    expect(gap.result).toBe('resync');
    expect(gap.book.resyncing).toBe(true);
    // Levels are kept (still shown) but not changed.
    expect(bookView(gap.book, 5).bids.map((r) => r.price)).toEqual(['100', '99.5']);
    expect(applyDelta(gap.book, { seq: 14, prevSeq: 13, bids: [['2', '1']] }).result).toBe('waiting');
    const fresh = applyMessage(gap.book, { snapshot: true, seq: 20, bids: [['98', '1']], asks: [] });
    expect(fresh.result).toBe('snapshot');
    expect(fresh.book.resyncing).toBe(false);
    expect(applyDelta(fresh.book, { seq: 21, prevSeq: 20, asks: [['102', '1']] }).result).toBe('applied');
  });

  it('a REST snapshot never replaces a newer socket book; a socket snapshot always replaces', () => {
    const b = snap(10);
    expect(applySnapshot(b, { seq: 9, bids: [], asks: [] }, 'rest')).toBe(b);
    expect(applySnapshot(b, { seq: 10, bids: [], asks: [] }, 'rest')).toBe(b);
    expect(applySnapshot(b, { seq: 11, bids: [], asks: [] }, 'rest').seq).toBe(11);
    expect(applySnapshot(b, { seq: 5, bids: [], asks: [] }, 'socket').seq).toBe(5);
    // While resyncing, the REST answer is as good as a socket snapshot.
    expect(applySnapshot({ ...b, resyncing: true }, { seq: 8, bids: [], asks: [] }, 'rest').seq).toBe(8);
  });

  it('skips malformed levels and zero amounts in a snapshot', () => {
    const b = applySnapshot(emptyBook(), { seq: 1, bids: [['x', '1'], ['5', '0'], ['4', '1']] as never, asks: [['-1', '1']] as never }, 'rest');
    expect([...b.bids.keys()]).toEqual(['4']);
    expect(b.asks.size).toBe(0);
    expect(bookView(b, 5).mid).toBeNull();
  });

  it('reads socket frame data', () => {
    expect(toDepthData({ snapshot: true, seq: '7', bids: [['1', '2']] })).toEqual({ snapshot: true, seq: 7, prevSeq: undefined, bids: [['1', '2']], asks: [] });
    expect(toDepthData({ seq: 8, prevSeq: 7 })?.prevSeq).toBe(7);
    expect(toDepthData({ bids: [] })).toBeNull();
  });

  it('limits rows per side', () => {
    const levels = Array.from({ length: 30 }, (_, i) => [String(100 + i), '1'] as [string, string]);
    const b = applySnapshot(emptyBook(), { seq: 1, bids: [], asks: levels }, 'rest');
    const v = bookView(b, 8);
    expect(v.asks).toHaveLength(8);
    expect(v.asks[0].price).toBe('100');
  });
});
