import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { CloseButton } from '../../../components/ui/Button';
import { ADMIN_SECTIONS } from '../sections';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/** The links to the dashboard's sections; the one shown is marked as the current page. */
export function AdminSectionLinks({ openMessages = 0 }: { openMessages?: number }) {
  return (
    <ul className="space-y-1">
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.key}>
          <NavLink to={section.path} end={section.key === 'overview'} className={linkClass}>
            <span>{section.label}</span>
            {section.key === 'messages' && openMessages > 0 && (
              <Badge tone="amber">
                <span className="sr-only">, </span>
                {openMessages}
                <span className="sr-only">{' open'}</span>
              </Badge>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard's sidebar: a column beside the section from 1024 px; on narrower screens a
 * "Dashboard menu" button opening the same links in a drawer (focus kept inside, Escape or a link
 * closes it).
 */
export function AdminSidebar({ openMessages }: { openMessages?: number }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (open) setOpen(false);
  }
  const current = ADMIN_SECTIONS.find((s) =>
    s.key === 'overview' ? pathname === s.path : pathname === s.path || pathname.startsWith(`${s.path}/`),
  );

  return (
    <>
      <nav aria-label="Dashboard" className="hidden w-56 shrink-0 lg:block">
        <AdminSectionLinks openMessages={openMessages} />
      </nav>
      <div className="lg:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-expanded={open}
          className="flex w-full items-center justify-between gap-2 rounded-md border border-gray-300 px-3 py-2 text-left text-sm font-semibold text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-900"
        >
          <span>
            Dashboard menu
            {current && <span className="font-normal text-gray-700 dark:text-gray-300">: {current.label}</span>}
          </span>
          <span aria-hidden="true">☰</span>
        </button>
        <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50 lg:hidden">
          <DialogBackdrop
            transition
            className="fixed inset-0 bg-black/40 transition-opacity duration-200 data-[closed]:opacity-0"
          />
          <DialogPanel
            transition
            className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl transition duration-200 ease-out data-[closed]:-translate-x-full dark:bg-gray-950 dark:text-gray-100"
          >
            <div className="mb-4 flex items-center justify-between">
              <DialogTitle className="text-lg font-bold">Dashboard</DialogTitle>
              <CloseButton label="Close dashboard menu" onClick={() => setOpen(false)} />
            </div>
            <nav aria-label="Dashboard sections">
              <AdminSectionLinks openMessages={openMessages} />
            </nav>
          </DialogPanel>
        </Dialog>
      </div>
    </>
  );
}
