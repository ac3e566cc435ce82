export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>({ items, value, onChange, testId }: { items: TabItem<K>[]; value: K; onChange: (key: K) => void; testId?: string }) {
  return (
    <div className="tabs" role="tablist" data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          className={`tab ${item.key === value ? 'tab-active' : ''}`}
          onClick={() => onChange(item.key)}
          data-testid={testId ? `${testId}-${item.key}` : undefined}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
