import { Outlet } from 'react-router';
import { useSummary } from './api/summary';
import { AdminSidebar } from './components/AdminSidebar';

/**
 * The dashboard's frame (its own chunk): the sidebar of sections and the section shown, each section
 * a lazy route of its own (src/app/routes.tsx). The open messages' count comes from the figures.
 */
export default function AdminLayout() {
  const summary = useSummary();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-10 lg:py-10">
      <AdminSidebar openMessages={summary.data?.open_messages} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
