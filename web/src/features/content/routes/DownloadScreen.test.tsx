import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SETTINGS, useSettings } from '@/shared/settings/settings-store';
import { resetAll } from '@/test/reset';
import DownloadScreen from './DownloadScreen';

/** Renders /download and waits for the QR code of the app's address (drawn asynchronously; jsdom is a desktop browser). */
const renderScreen = async () => {
  render(
    <MemoryRouter initialEntries={['/download']}>
      <DownloadScreen />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.getByTestId('download-qr').querySelector('img')).toHaveAttribute('alt', window.location.origin));
};

beforeEach(() => {
  resetAll();
  useSettings.setState({ settingConfig: DEFAULT_SETTINGS });
});

describe('/download', () => {
  it('explains installing the web app and invents no store link when the settings name none', async () => {
    await renderScreen();
    const web = screen.getByTestId('download-web-app');
    expect(within(web).getByTestId('download-steps-ios')).toHaveTextContent('Add to Home Screen');
    expect(within(web).getByTestId('download-steps-android')).toBeInTheDocument();
    expect(screen.queryByTestId('download-store')).toBeNull();
    expect(screen.queryAllByRole('link').filter((a) => a.getAttribute('target') === '_blank')).toHaveLength(0);
  });

  it('lists the open app links the operator set, and only those', async () => {
    useSettings.setState({
      settingConfig: {
        ...DEFAULT_SETTINGS,
        DOWNLOAD_SETTING: [
          { name: 'android', url: 'https://files.example/onyx.apk', sort: 1, isOpen: true },
          { name: 'apple', url: 'https://apps.example/onyx', sort: 2, isOpen: false },
          { name: 'harmony', url: '', sort: 3, isOpen: true },
        ],
      },
    });
    await renderScreen();
    const store = screen.getByTestId('download-store');
    const links = within(store).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://files.example/onyx.apk']);
  });
});
