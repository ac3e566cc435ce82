import { EmptyProductScreen } from '@/shared/ui';

export default function WithdrawRecordsScreen() {
  return <EmptyProductScreen title="withdrawRecords_title" empty="withdrawRecords_empty" icon="doc" testId="screen-withdrawRecords" />;
}
