import styles from '../earn.module.css';

/** The product's icon, or its coin's letters when it has none. */
export function ProductIcon({ icon, coin }: { icon: string; coin: string }) {
  return icon ? (
    <img className={styles['ea-icon']} src={icon} alt="" width={36} height={36} loading="lazy" />
  ) : (
    <span className={styles['ea-icon']} aria-hidden="true">
      {coin.toUpperCase().slice(0, 4)}
    </span>
  );
}
