/** 'Find Us': a drawn street map of the shop's block (the CSP allows no third-party frames). */
export function MapIllustration() {
  return (
    <svg
      viewBox="0 0 400 240"
      width={400}
      height={240}
      role="img"
      aria-labelledby="map-title"
      className="h-auto w-full rounded-xl border border-gray-200 dark:border-gray-800"
    >
      <title id="map-title">Map: our store at 350 Fifth Avenue, New York, between West 33rd and West 34th Street</title>
      <rect width="400" height="240" className="fill-emerald-50 dark:fill-gray-900" />
      <g className="fill-gray-200 dark:fill-gray-800">
        <rect x="20" y="20" width="110" height="80" rx="6" />
        <rect x="160" y="20" width="110" height="80" rx="6" />
        <rect x="300" y="20" width="80" height="80" rx="6" />
        <rect x="20" y="140" width="110" height="80" rx="6" />
        <rect x="300" y="140" width="80" height="80" rx="6" />
      </g>
      <rect x="160" y="140" width="110" height="80" rx="6" className="fill-indigo-100 dark:fill-indigo-950" />
      <g className="fill-white dark:fill-gray-700">
        <rect x="0" y="108" width="400" height="24" />
        <rect x="138" y="0" width="16" height="240" />
        <rect x="278" y="0" width="16" height="240" />
      </g>
      <g className="fill-gray-700 dark:fill-gray-200" fontSize="11" fontFamily="sans-serif">
        <text x="12" y="124">
          W 34th St
        </text>
        <text x="300" y="124">
          Fifth Ave
        </text>
      </g>
      <g transform="translate(215 150)">
        <path d="M0 40 C-6 28 -16 20 -16 10 A16 16 0 0 1 16 10 C16 20 6 28 0 40Z" className="fill-red-600" />
        <circle cx="0" cy="10" r="6" fill="#fff" />
      </g>
      <text
        x="215"
        y="212"
        textAnchor="middle"
        fontSize="12"
        fontWeight="bold"
        fontFamily="sans-serif"
        className="fill-gray-900 dark:fill-gray-100"
      >
        Bookstore
      </text>
    </svg>
  );
}
