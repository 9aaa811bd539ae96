import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
} from '@headlessui/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { EntryList } from './EntryList';
import { authorPath, categoryPath, splitFeatured, type MenuEntry } from './nav';
import { ThemeToggle } from './ThemeToggle';
import { NavLinks } from './NavLinks';
import { CloseButton } from '../../components/ui/Button';

const linkClass =
  'block rounded-md px-3 py-2 text-base font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800';

function EntryLinks({
  heading,
  headingClass,
  entries,
  pathFor,
}: {
  heading: string;
  headingClass: string;
  entries: MenuEntry[];
  pathFor: (slug: string) => string;
}) {
  return (
    <div>
      <p className={`text-xs font-semibold tracking-wide uppercase ${headingClass}`}>{heading}</p>
      <EntryList entries={entries} pathFor={pathFor} className="mt-1" linkClassName="block py-1.5 text-sm" />
    </div>
  );
}

function MenuList({
  label,
  entries,
  pathFor,
}: {
  label: string;
  entries: MenuEntry[];
  pathFor: (slug: string) => string;
}) {
  const { featured, all } = splitFeatured(entries);
  return (
    <Disclosure as="div">
      <DisclosureButton className={`${linkClass} flex w-full items-center justify-between text-left`}>
        {label}
        <ChevronDownIcon className="transition data-[open]:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel className="space-y-3 px-3 py-2">
        {featured.length > 0 && (
          <EntryLinks
            heading="Featured"
            headingClass="text-indigo-700 dark:text-indigo-300"
            entries={featured}
            pathFor={pathFor}
          />
        )}
        <EntryLinks
          heading={`All ${label}`}
          headingClass="text-gray-600 dark:text-gray-400"
          entries={all}
          pathFor={pathFor}
        />
      </DisclosurePanel>
    </Disclosure>
  );
}

/** The phone menu: a panel sliding in from the right. */
export default function MobileMenu({
  open,
  onClose,
  categories,
  authors,
}: {
  open: boolean;
  onClose: () => void;
  categories: MenuEntry[];
  authors: MenuEntry[];
}) {
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (open) onClose();
  }
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/40 transition-opacity duration-200 data-[closed]:opacity-0"
      />
      <DialogPanel
        transition
        className="fixed inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl transition duration-200 ease-out data-[closed]:translate-x-full dark:bg-gray-950 dark:text-gray-100"
      >
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-lg font-bold">Menu</DialogTitle>
          <CloseButton label="Close menu" onClick={onClose} />
        </div>
        <nav aria-label="Mobile" className="space-y-1">
          <NavLinks part="before" className={linkClass} />
          <MenuList label="Categories" entries={categories} pathFor={categoryPath} />
          <MenuList label="Authors" entries={authors} pathFor={authorPath} />
          <NavLinks part="after" className={linkClass} />
        </nav>
        <div className="mt-auto border-t border-gray-200 pt-4 dark:border-gray-800">
          <ThemeToggle withText />
        </div>
      </DialogPanel>
    </Dialog>
  );
}
