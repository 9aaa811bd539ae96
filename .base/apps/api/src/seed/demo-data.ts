/**
 * The demo catalogue: real public-domain classics with their true authors and years of first
 * publication. Descriptions and briefs are our own words. Prices, stock and editions are invented.
 */

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  featured: boolean;
  /** Two colours of the generated artwork. */
  palette: [string, string];
}

export interface DemoAuthor {
  slug: string;
  name: string;
  born: number;
  died: number;
  brief: string;
  featured: boolean;
}

export interface DemoBook {
  title: string;
  author: string;
  category: string;
  year: number;
  genre: string;
  tags: string[];
  description: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'literary-fiction',
    name: 'Literary Fiction',
    description:
      'The great novels of the nineteenth century and beyond: sweeping family sagas, social portraits and ' +
      'stories of conscience that still shape how we write about people.',
    featured: true,
    palette: ['#1e3a5f', '#4a7ba6'],
  },
  {
    slug: 'romance',
    name: 'Romance',
    description:
      'Courtships, misunderstandings and hard-won happy endings, from drawing rooms in Hampshire to the ' +
      'windswept Yorkshire moors.',
    featured: true,
    palette: ['#7a1f3d', '#d46a8c'],
  },
  {
    slug: 'mystery-crime',
    name: 'Mystery & Crime',
    description:
      'Locked rooms, foggy streets and brilliant detectives. The stories that invented the whodunit and ' +
      'the psychological crime novel.',
    featured: true,
    palette: ['#1f2933', '#52606d'],
  },
  {
    slug: 'science-fiction',
    name: 'Science Fiction',
    description:
      'Time machines, invaders from Mars and voyages beneath the sea: the founding visions of the genre, ' +
      'written when the future was still new.',
    featured: true,
    palette: ['#0b3d4f', '#1fa2a6'],
  },
  {
    slug: 'adventure',
    name: 'Adventure',
    description:
      'Treasure maps, sea chases, duels and journeys across the world. Books to read in one sitting, ' +
      'whatever your age.',
    featured: false,
    palette: ['#7c3a0f', '#d98b3a'],
  },
  {
    slug: 'gothic-horror',
    name: 'Gothic & Horror',
    description:
      'Crumbling castles, cursed portraits and creatures stitched together in the dark. The classics that ' +
      'taught the world to be afraid at night.',
    featured: false,
    palette: ['#2b1533', '#6b3a7a'],
  },
  {
    slug: 'childrens-classics',
    name: "Children's Classics",
    description:
      'Rabbit holes, river rafts and sisters growing up together: stories first written for young readers ' +
      'and loved by every generation since.',
    featured: false,
    palette: ['#1d5c3a', '#6cbf84'],
  },
  {
    slug: 'short-fiction-drama',
    name: 'Short Fiction & Drama',
    description:
      'Novellas, tales and plays that say a great deal in a few pages, from a ghostly Christmas Eve to a ' +
      'comedy of mistaken names.',
    featured: false,
    palette: ['#5a4a1a', '#c2a33e'],
  },
];

export const DEMO_AUTHORS: DemoAuthor[] = [
  {
    slug: 'jane-austen',
    name: 'Jane Austen',
    born: 1775,
    died: 1817,
    featured: true,
    brief:
      'English novelist whose sharp, funny studies of courtship, money and manners among the landed gentry ' +
      'made her one of the most widely read writers in the language.',
  },
  {
    slug: 'charles-dickens',
    name: 'Charles Dickens',
    born: 1812,
    died: 1870,
    featured: true,
    brief:
      'The most popular novelist of Victorian England, who published in monthly parts and filled London ' +
      'with unforgettable characters while campaigning against poverty and injustice.',
  },
  {
    slug: 'mark-twain',
    name: 'Mark Twain',
    born: 1835,
    died: 1910,
    featured: true,
    brief:
      'American humorist, riverboat pilot and lecturer. His ear for spoken language changed American prose ' +
      'and his satire spared nobody.',
  },
  {
    slug: 'leo-tolstoy',
    name: 'Leo Tolstoy',
    born: 1828,
    died: 1910,
    featured: true,
    brief:
      'Russian count, soldier and moral thinker whose vast novels set private lives against the movement ' +
      'of history.',
  },
  {
    slug: 'fyodor-dostoevsky',
    name: 'Fyodor Dostoevsky',
    born: 1821,
    died: 1881,
    featured: false,
    brief:
      'Russian novelist who survived a mock execution and Siberian exile, and wrote feverish, philosophical ' +
      'novels about guilt, faith and freedom.',
  },
  {
    slug: 'victor-hugo',
    name: 'Victor Hugo',
    born: 1802,
    died: 1885,
    featured: false,
    brief:
      'Poet, playwright and novelist of French Romanticism, and a fierce voice for the poor who spent ' +
      'nearly twenty years in exile for his politics.',
  },
  {
    slug: 'herman-melville',
    name: 'Herman Melville',
    born: 1819,
    died: 1891,
    featured: false,
    brief:
      'American writer who went to sea on a whaler as a young man. Little read in his lifetime, he is now ' +
      'counted among the greatest American novelists.',
  },
  {
    slug: 'mary-shelley',
    name: 'Mary Shelley',
    born: 1797,
    died: 1851,
    featured: false,
    brief:
      'English novelist who began Frankenstein at nineteen during a ghost-story contest on Lake Geneva, ' +
      'and so helped invent science fiction.',
  },
  {
    slug: 'bram-stoker',
    name: 'Bram Stoker',
    born: 1847,
    died: 1912,
    featured: false,
    brief:
      'Irish author and theatre manager who spent years researching folklore before publishing the most ' +
      'famous vampire novel ever written.',
  },
  {
    slug: 'arthur-conan-doyle',
    name: 'Arthur Conan Doyle',
    born: 1859,
    died: 1930,
    featured: true,
    brief:
      'Scottish physician and writer who created Sherlock Holmes, and with him the modern detective story ' +
      'built on observation and deduction.',
  },
  {
    slug: 'h-g-wells',
    name: 'H. G. Wells',
    born: 1866,
    died: 1946,
    featured: false,
    brief:
      'English writer and trained biologist whose "scientific romances" imagined time travel, alien ' +
      'invasion and invisibility decades ahead of the rest.',
  },
  {
    slug: 'jules-verne',
    name: 'Jules Verne',
    born: 1828,
    died: 1905,
    featured: false,
    brief:
      'French novelist of extraordinary voyages, who sent his readers under the sea, into the Earth and ' +
      'around the globe with meticulous scientific detail.',
  },
  {
    slug: 'oscar-wilde',
    name: 'Oscar Wilde',
    born: 1854,
    died: 1900,
    featured: false,
    brief:
      'Irish poet, playwright and wit of the aesthetic movement, whose epigrams are still quoted daily and ' +
      'whose comedies still fill theatres.',
  },
  {
    slug: 'charlotte-bronte',
    name: 'Charlotte Brontë',
    born: 1816,
    died: 1855,
    featured: false,
    brief:
      'The eldest of the three Brontë sisters to survive childhood, she wrote under the name Currer Bell ' +
      'and gave the novel a fiercely independent heroine.',
  },
  {
    slug: 'emily-bronte',
    name: 'Emily Brontë',
    born: 1818,
    died: 1848,
    featured: false,
    brief:
      'Poet and novelist of the Yorkshire moors who published a single novel, under the name Ellis Bell, ' +
      'a year before her death at thirty.',
  },
  {
    slug: 'alexandre-dumas',
    name: 'Alexandre Dumas',
    born: 1802,
    died: 1870,
    featured: false,
    brief:
      'French master of the historical adventure, who with his collaborators turned out swashbuckling ' +
      'serials that all of Paris waited for.',
  },
  {
    slug: 'lewis-carroll',
    name: 'Lewis Carroll',
    born: 1832,
    died: 1898,
    featured: false,
    brief:
      'Pen name of Charles Dodgson, an Oxford mathematician who told a story on a boating trip and turned ' +
      'nonsense into literature.',
  },
  {
    slug: 'edgar-allan-poe',
    name: 'Edgar Allan Poe',
    born: 1809,
    died: 1849,
    featured: false,
    brief:
      'American poet, critic and short-story writer, master of the macabre and inventor of the detective ' +
      'tale with his C. Auguste Dupin.',
  },
  {
    slug: 'nathaniel-hawthorne',
    name: 'Nathaniel Hawthorne',
    born: 1804,
    died: 1864,
    featured: false,
    brief:
      'New England novelist who returned again and again to the Puritan past, its secrets and the long ' +
      'shadow of inherited guilt.',
  },
  {
    slug: 'louisa-may-alcott',
    name: 'Louisa May Alcott',
    born: 1832,
    died: 1888,
    featured: false,
    brief:
      'American novelist, nurse in the Civil War and campaigner for women’s suffrage, who drew on her own ' +
      'family for her best-loved book.',
  },
  {
    slug: 'robert-louis-stevenson',
    name: 'Robert Louis Stevenson',
    born: 1850,
    died: 1894,
    featured: false,
    brief:
      'Scottish novelist and traveller who wrote pirates, kidnappings and split personalities, and ended ' +
      'his days in Samoa.',
  },
  {
    slug: 'gustave-flaubert',
    name: 'Gustave Flaubert',
    born: 1821,
    died: 1880,
    featured: false,
    brief:
      'French novelist who searched for the one right word and was put on trial for his first novel, ' +
      'which became a model of literary realism.',
  },
  {
    slug: 'joseph-conrad',
    name: 'Joseph Conrad',
    born: 1857,
    died: 1924,
    featured: false,
    brief:
      'Polish-born sea captain who learned English as an adult and became one of its great stylists, ' +
      'writing about isolation, empire and moral failure.',
  },
  {
    slug: 'miguel-de-cervantes',
    name: 'Miguel de Cervantes',
    born: 1547,
    died: 1616,
    featured: false,
    brief:
      'Spanish soldier, captive and tax collector whose tale of a deluded knight is often called the first ' +
      'modern novel.',
  },
  {
    slug: 'jack-london',
    name: 'Jack London',
    born: 1876,
    died: 1916,
    featured: false,
    brief:
      'American writer, sailor and Klondike gold-rusher who brought the frozen North and the struggle to ' +
      'survive to millions of readers.',
  },
  {
    slug: 'f-scott-fitzgerald',
    name: 'F. Scott Fitzgerald',
    born: 1896,
    died: 1940,
    featured: false,
    brief:
      'The chronicler of the Jazz Age, whose glittering, melancholy fiction captured American dreams and ' +
      'their cost.',
  },
];

export const DEMO_BOOKS: DemoBook[] = [
  {
    title: 'Pride and Prejudice',
    author: 'jane-austen',
    category: 'romance',
    year: 1813,
    genre: 'Romance',
    tags: ['classic', 'regency', 'england', 'love story'],
    description:
      'Elizabeth Bennet is clever, quick and certain she has taken the full measure of the proud Mr Darcy. ' +
      'As her sisters chase husbands and her mother chases fortunes, first impressions give way to second ' +
      'thoughts in the wittiest courtship in English fiction.',
  },
  {
    title: 'Sense and Sensibility',
    author: 'jane-austen',
    category: 'romance',
    year: 1811,
    genre: 'Romance',
    tags: ['classic', 'regency', 'sisters'],
    description:
      'Left with little money after their father dies, the Dashwood sisters face love and disappointment in ' +
      'opposite ways: Elinor with quiet restraint, Marianne with her whole heart. A tender, funny study of ' +
      'two temperaments.',
  },
  {
    title: 'Emma',
    author: 'jane-austen',
    category: 'romance',
    year: 1815,
    genre: 'Romance',
    tags: ['classic', 'regency', 'comedy'],
    description:
      'Handsome, clever and rich, Emma Woodhouse is sure she knows what is best for everyone in her village, ' +
      'especially when it comes to matchmaking. Her schemes go wonderfully wrong.',
  },
  {
    title: 'Persuasion',
    author: 'jane-austen',
    category: 'romance',
    year: 1817,
    genre: 'Romance',
    tags: ['classic', 'regency', 'second chances', 'navy'],
    description:
      'Eight years after she was talked out of marrying a penniless naval officer, Anne Elliot meets him ' +
      'again, now a wealthy captain. Austen’s last finished novel is her most autumnal and romantic.',
  },
  {
    title: 'Northanger Abbey',
    author: 'jane-austen',
    category: 'romance',
    year: 1817,
    genre: 'Romance',
    tags: ['classic', 'satire', 'bath'],
    description:
      'Catherine Morland has read too many Gothic novels. Invited to an ancient abbey, she expects secret ' +
      'passages and dark crimes, and finds something more ordinary and more surprising.',
  },
  {
    title: 'Mansfield Park',
    author: 'jane-austen',
    category: 'literary-fiction',
    year: 1814,
    genre: 'Literary fiction',
    tags: ['classic', 'regency', 'family'],
    description:
      'Sent as a child to live with rich relations, shy Fanny Price watches her cousins and their glamorous ' +
      'visitors with clear eyes, and holds to her principles when everyone else lets go of theirs.',
  },
  {
    title: 'Great Expectations',
    author: 'charles-dickens',
    category: 'literary-fiction',
    year: 1861,
    genre: 'Literary fiction',
    tags: ['classic', 'victorian', 'coming of age'],
    description:
      'The orphan Pip helps an escaped convict on the marshes, meets the jilted Miss Havisham in her ' +
      'stopped-clock mansion, and comes into a mysterious fortune that changes everything he thinks he wants.',
  },
  {
    title: 'A Tale of Two Cities',
    author: 'charles-dickens',
    category: 'literary-fiction',
    year: 1859,
    genre: 'Historical fiction',
    tags: ['classic', 'french revolution', 'london', 'paris'],
    description:
      'Between London and revolutionary Paris, a doctor freed from the Bastille, his devoted daughter and ' +
      'two men who love her are caught up in the Terror. It opens with the best of times and ends with a ' +
      'far, far better thing.',
  },
  {
    title: 'Oliver Twist',
    author: 'charles-dickens',
    category: 'literary-fiction',
    year: 1838,
    genre: 'Literary fiction',
    tags: ['classic', 'victorian', 'london', 'orphans'],
    description:
      'A workhouse boy who dares to ask for more runs away to London and falls in with Fagin’s gang of ' +
      'pickpockets. A gripping story and an angry attack on the treatment of the poor.',
  },
  {
    title: 'David Copperfield',
    author: 'charles-dickens',
    category: 'literary-fiction',
    year: 1850,
    genre: 'Literary fiction',
    tags: ['classic', 'victorian', 'coming of age', 'autobiographical'],
    description:
      'Dickens’s favourite among his novels follows David from a cruel stepfather and a London warehouse to ' +
      'success as a writer, with Mr Micawber, Uriah Heep and Aunt Betsey along the way.',
  },
  {
    title: 'A Christmas Carol',
    author: 'charles-dickens',
    category: 'short-fiction-drama',
    year: 1843,
    genre: 'Novella',
    tags: ['classic', 'christmas', 'ghosts', 'novella'],
    description:
      'On Christmas Eve the miser Ebenezer Scrooge is visited by his dead partner and three spirits who show ' +
      'him his past, his present and the future he is making. A short book that changed a holiday.',
  },
  {
    title: 'Bleak House',
    author: 'charles-dickens',
    category: 'literary-fiction',
    year: 1853,
    genre: 'Literary fiction',
    tags: ['classic', 'victorian', 'law', 'mystery'],
    description:
      'An endless lawsuit over a disputed will swallows fortunes and lives, while Esther Summerson uncovers ' +
      'the secret of her birth and Inspector Bucket follows a murder through foggy London.',
  },
  {
    title: 'Adventures of Huckleberry Finn',
    author: 'mark-twain',
    category: 'adventure',
    year: 1884,
    genre: 'Adventure',
    tags: ['classic', 'american', 'mississippi', 'friendship'],
    description:
      'Huck fakes his own death to escape his father and drifts down the Mississippi on a raft with Jim, a ' +
      'man escaping slavery. Funny, troubling and told in one of the great voices of American literature.',
  },
  {
    title: 'The Adventures of Tom Sawyer',
    author: 'mark-twain',
    category: 'childrens-classics',
    year: 1876,
    genre: "Children's fiction",
    tags: ['classic', 'american', 'boyhood', 'mississippi'],
    description:
      'Whitewashing fences, attending his own funeral and hunting for buried treasure: the summer adventures ' +
      'of a boy in a small river town, and a night in a graveyard that goes badly wrong.',
  },
  {
    title: "A Connecticut Yankee in King Arthur's Court",
    author: 'mark-twain',
    category: 'science-fiction',
    year: 1889,
    genre: 'Science fiction',
    tags: ['classic', 'time travel', 'satire', 'camelot'],
    description:
      'A practical nineteenth-century engineer wakes up in Camelot and sets about modernising the Middle ' +
      'Ages with newspapers, bicycles and dynamite. A comic time-travel tale with a dark edge.',
  },
  {
    title: 'War and Peace',
    author: 'leo-tolstoy',
    category: 'literary-fiction',
    year: 1869,
    genre: 'Historical fiction',
    tags: ['classic', 'russian', 'napoleon', 'epic'],
    description:
      'Five aristocratic families live through Napoleon’s invasion of Russia: balls and battlefields, ' +
      'marriages and the burning of Moscow, and Pierre, Natasha and Andrei searching for a way to live.',
  },
  {
    title: 'Anna Karenina',
    author: 'leo-tolstoy',
    category: 'literary-fiction',
    year: 1878,
    genre: 'Literary fiction',
    tags: ['classic', 'russian', 'love', 'society'],
    description:
      'A married woman of St Petersburg society falls in love with a young officer and risks everything, ' +
      'while on his country estate Levin looks for meaning in work, faith and family.',
  },
  {
    title: 'The Death of Ivan Ilyich',
    author: 'leo-tolstoy',
    category: 'short-fiction-drama',
    year: 1886,
    genre: 'Novella',
    tags: ['classic', 'russian', 'novella', 'mortality'],
    description:
      'A successful judge who has lived exactly as he was supposed to falls ill and, facing death, asks ' +
      'whether his correct life was a good one. Short and unforgettable.',
  },
  {
    title: 'Crime and Punishment',
    author: 'fyodor-dostoevsky',
    category: 'mystery-crime',
    year: 1866,
    genre: 'Psychological fiction',
    tags: ['classic', 'russian', 'crime', 'guilt'],
    description:
      'Raskolnikov, a penniless former student in St Petersburg, convinces himself that an extraordinary man ' +
      'may kill for a higher purpose. After the murder comes the fever, and a patient detective.',
  },
  {
    title: 'The Brothers Karamazov',
    author: 'fyodor-dostoevsky',
    category: 'literary-fiction',
    year: 1880,
    genre: 'Philosophical fiction',
    tags: ['classic', 'russian', 'family', 'faith'],
    description:
      'Three brothers, a monstrous father and a murder. Dostoevsky’s last novel is a courtroom drama, a ' +
      'family saga and a great argument about God, freedom and responsibility.',
  },
  {
    title: 'Notes from Underground',
    author: 'fyodor-dostoevsky',
    category: 'short-fiction-drama',
    year: 1864,
    genre: 'Novella',
    tags: ['classic', 'russian', 'novella', 'philosophy'],
    description:
      'A bitter, retired civil servant speaks from his corner of St Petersburg, mocking reason and progress, ' +
      'then tells the humiliating story of the day he tried to join the world.',
  },
  {
    title: 'The Idiot',
    author: 'fyodor-dostoevsky',
    category: 'literary-fiction',
    year: 1869,
    genre: 'Literary fiction',
    tags: ['classic', 'russian', 'innocence'],
    description:
      'Prince Myshkin returns from a Swiss sanatorium, kind and utterly honest, into a society of money, ' +
      'scandal and passion that has no idea what to do with a good man.',
  },
  {
    title: 'Les Misérables',
    author: 'victor-hugo',
    category: 'literary-fiction',
    year: 1862,
    genre: 'Historical fiction',
    tags: ['classic', 'french', 'revolution', 'redemption'],
    description:
      'Jean Valjean, jailed for stealing bread, breaks parole to build an honest life, pursued for decades by ' +
      'the relentless Inspector Javert, all the way to the Paris barricades of 1832.',
  },
  {
    title: 'The Hunchback of Notre-Dame',
    author: 'victor-hugo',
    category: 'gothic-horror',
    year: 1831,
    genre: 'Gothic fiction',
    tags: ['classic', 'french', 'paris', 'medieval'],
    description:
      'In fifteenth-century Paris the bell-ringer Quasimodo, the dancer Esmeralda and the tormented ' +
      'archdeacon Frollo meet in the shadow of the great cathedral, which is the book’s true hero.',
  },
  {
    title: 'Moby-Dick',
    author: 'herman-melville',
    category: 'adventure',
    year: 1851,
    genre: 'Adventure',
    tags: ['classic', 'american', 'sea', 'whaling'],
    description:
      'Call him Ishmael. He signs on to the whaler Pequod and finds its captain, Ahab, bent on revenge against ' +
      'the white whale that took his leg. A sea story that holds the whole world.',
  },
  {
    title: 'Bartleby, the Scrivener',
    author: 'herman-melville',
    category: 'short-fiction-drama',
    year: 1853,
    genre: 'Short story',
    tags: ['classic', 'american', 'wall street', 'novella'],
    description:
      'A Wall Street lawyer hires a pale, quiet copyist who one day answers every request with "I would prefer ' +
      'not to". Funny, strange and sad.',
  },
  {
    title: 'Frankenstein',
    author: 'mary-shelley',
    category: 'gothic-horror',
    year: 1818,
    genre: 'Gothic fiction',
    tags: ['classic', 'science', 'monster', 'creation'],
    description:
      'Victor Frankenstein builds a living being and flees in horror from what he has made. Abandoned, the ' +
      'creature learns to read, to speak and to hate, and follows his maker to the ends of the Earth.',
  },
  {
    title: 'The Last Man',
    author: 'mary-shelley',
    category: 'science-fiction',
    year: 1826,
    genre: 'Science fiction',
    tags: ['classic', 'plague', 'future', 'apocalypse'],
    description:
      'At the end of the twenty-first century a plague spreads across the world, and one man tells how ' +
      'humanity faded away. One of the first novels of the end of the world.',
  },
  {
    title: 'Dracula',
    author: 'bram-stoker',
    category: 'gothic-horror',
    year: 1897,
    genre: 'Horror',
    tags: ['classic', 'vampires', 'transylvania', 'epistolary'],
    description:
      'Told in diaries, letters and ship’s logs, the story of a young solicitor’s visit to a Transylvanian ' +
      'count and the terror that follows the count to England.',
  },
  {
    title: 'A Study in Scarlet',
    author: 'arthur-conan-doyle',
    category: 'mystery-crime',
    year: 1887,
    genre: 'Detective fiction',
    tags: ['classic', 'sherlock holmes', 'london', 'detective'],
    description:
      'A wounded army doctor looking for cheap lodgings meets an eccentric consulting detective. Within days ' +
      'Dr Watson and Sherlock Holmes are standing over a body in an empty house in Brixton.',
  },
  {
    title: 'The Sign of the Four',
    author: 'arthur-conan-doyle',
    category: 'mystery-crime',
    year: 1890,
    genre: 'Detective fiction',
    tags: ['classic', 'sherlock holmes', 'treasure', 'detective'],
    description:
      'A young governess receives a pearl every year from an unknown sender. Holmes and Watson follow the trail ' +
      'to a locked room, a stolen treasure and a chase down the Thames.',
  },
  {
    title: 'The Adventures of Sherlock Holmes',
    author: 'arthur-conan-doyle',
    category: 'mystery-crime',
    year: 1892,
    genre: 'Detective fiction',
    tags: ['classic', 'sherlock holmes', 'short stories', 'detective'],
    description:
      'Twelve cases from Baker Street, including a scandal in Bohemia, the red-headed league and the speckled ' +
      'band: the collection that made Holmes a household name.',
  },
  {
    title: 'The Hound of the Baskervilles',
    author: 'arthur-conan-doyle',
    category: 'mystery-crime',
    year: 1902,
    genre: 'Detective fiction',
    tags: ['classic', 'sherlock holmes', 'dartmoor', 'legend'],
    description:
      'A family curse, a spectral hound and a body on the moor. Holmes sends Watson to Dartmoor in the most ' +
      'atmospheric of all their cases.',
  },
  {
    title: 'The Time Machine',
    author: 'h-g-wells',
    category: 'science-fiction',
    year: 1895,
    genre: 'Science fiction',
    tags: ['classic', 'time travel', 'future', 'dystopia'],
    description:
      'A Victorian inventor travels to the year 802,701 and finds humanity split into the gentle Eloi and ' +
      'the underground Morlocks. The novella that made time travel a story.',
  },
  {
    title: 'The War of the Worlds',
    author: 'h-g-wells',
    category: 'science-fiction',
    year: 1898,
    genre: 'Science fiction',
    tags: ['classic', 'aliens', 'invasion', 'england'],
    description:
      'Cylinders fall on Surrey, tripods rise from them, and the British Empire is helpless against the ' +
      'Martians. A narrator tries to survive the collapse of everything he knows.',
  },
  {
    title: 'The Invisible Man',
    author: 'h-g-wells',
    category: 'science-fiction',
    year: 1897,
    genre: 'Science fiction',
    tags: ['classic', 'science', 'invisibility'],
    description:
      'A bandaged stranger takes a room at a country inn and keeps to himself. He is a scientist who has ' +
      'made himself invisible and cannot undo it, and his temper is getting worse.',
  },
  {
    title: 'The Island of Doctor Moreau',
    author: 'h-g-wells',
    category: 'science-fiction',
    year: 1896,
    genre: 'Science fiction',
    tags: ['classic', 'science', 'island', 'ethics'],
    description:
      'A shipwrecked gentleman is rescued and taken to a remote island, where an exiled surgeon is trying to ' +
      'turn animals into people. A disturbing fable about science without limits.',
  },
  {
    title: 'Twenty Thousand Leagues Under the Seas',
    author: 'jules-verne',
    category: 'science-fiction',
    year: 1870,
    genre: 'Science fiction',
    tags: ['classic', 'french', 'submarine', 'ocean'],
    description:
      'Hunting a sea monster, a French professor is taken aboard the Nautilus, the submarine of the ' +
      'mysterious Captain Nemo, for a voyage through coral forests, lost Atlantis and the polar ice.',
  },
  {
    title: 'Around the World in Eighty Days',
    author: 'jules-verne',
    category: 'adventure',
    year: 1872,
    genre: 'Adventure',
    tags: ['classic', 'french', 'travel', 'wager'],
    description:
      'The precise Phileas Fogg bets half his fortune that he can circle the globe in eighty days, and sets off ' +
      'that evening with his new valet Passepartout and a detective on his heels.',
  },
  {
    title: 'Journey to the Centre of the Earth',
    author: 'jules-verne',
    category: 'science-fiction',
    year: 1864,
    genre: 'Science fiction',
    tags: ['classic', 'french', 'exploration', 'iceland'],
    description:
      'A coded note sends an impatient professor, his nephew and an Icelandic guide down an extinct volcano ' +
      'into a world of underground seas and creatures from before history.',
  },
  {
    title: 'The Picture of Dorian Gray',
    author: 'oscar-wilde',
    category: 'gothic-horror',
    year: 1890,
    genre: 'Gothic fiction',
    tags: ['classic', 'aestheticism', 'portrait', 'london'],
    description:
      'A beautiful young man wishes that his portrait would age instead of him. The wish comes true, and the ' +
      'painting in the locked room records every sin he commits.',
  },
  {
    title: 'The Importance of Being Earnest',
    author: 'oscar-wilde',
    category: 'short-fiction-drama',
    year: 1895,
    genre: 'Comedy',
    tags: ['classic', 'play', 'comedy', 'satire'],
    description:
      'Two young gentlemen invent fictional friends and brothers to escape their obligations, and both claim ' +
      'the name Ernest. Wilde’s most perfect comedy, full of lines everybody knows.',
  },
  {
    title: 'Jane Eyre',
    author: 'charlotte-bronte',
    category: 'romance',
    year: 1847,
    genre: 'Romance',
    tags: ['classic', 'gothic', 'governess', 'independence'],
    description:
      'An orphan raised without love becomes governess at Thornfield Hall, where she falls for its brooding ' +
      'master and hears strange laughter in the attic. Reader, it is still thrilling.',
  },
  {
    title: 'Villette',
    author: 'charlotte-bronte',
    category: 'literary-fiction',
    year: 1853,
    genre: 'Literary fiction',
    tags: ['classic', 'teaching', 'belgium', 'solitude'],
    description:
      'Lucy Snowe, alone in the world, crosses the Channel to teach at a girls’ school in a foreign city. A ' +
      'fierce, inward novel about loneliness and the will to endure.',
  },
  {
    title: 'Wuthering Heights',
    author: 'emily-bronte',
    category: 'romance',
    year: 1847,
    genre: 'Romance',
    tags: ['classic', 'gothic', 'yorkshire', 'revenge'],
    description:
      'On the moors, the foundling Heathcliff and Catherine Earnshaw share a love so wild it destroys two ' +
      'families across two generations. Nothing else reads like it.',
  },
  {
    title: 'The Count of Monte Cristo',
    author: 'alexandre-dumas',
    category: 'adventure',
    year: 1844,
    genre: 'Adventure',
    tags: ['classic', 'french', 'revenge', 'treasure'],
    description:
      'Betrayed on his wedding day and buried alive in the Château d’If, the young sailor Edmond Dantès ' +
      'escapes after fourteen years with a hidden fortune and a patient plan of revenge.',
  },
  {
    title: 'The Three Musketeers',
    author: 'alexandre-dumas',
    category: 'adventure',
    year: 1844,
    genre: 'Adventure',
    tags: ['classic', 'french', 'swordplay', 'friendship'],
    description:
      'The hot-headed d’Artagnan arrives in Paris and within a day has challenged Athos, Porthos and Aramis to ' +
      'duels. Soon all four are fighting the cardinal’s guards together. All for one!',
  },
  {
    title: "Alice's Adventures in Wonderland",
    author: 'lewis-carroll',
    category: 'childrens-classics',
    year: 1865,
    genre: "Children's fiction",
    tags: ['classic', 'fantasy', 'nonsense', 'wonderland'],
    description:
      'Alice follows a white rabbit down a hole into a world where she grows and shrinks, argues with a ' +
      'caterpillar, attends a mad tea party and plays croquet with flamingos.',
  },
  {
    title: 'Through the Looking-Glass',
    author: 'lewis-carroll',
    category: 'childrens-classics',
    year: 1871,
    genre: "Children's fiction",
    tags: ['classic', 'fantasy', 'nonsense', 'chess'],
    description:
      'Alice climbs through the mirror over the mantelpiece into a land laid out like a chessboard, meets ' +
      'Tweedledum, Tweedledee and Humpty Dumpty, and tries to become a queen.',
  },
  {
    title: 'The Fall of the House of Usher',
    author: 'edgar-allan-poe',
    category: 'gothic-horror',
    year: 1839,
    genre: 'Horror',
    tags: ['classic', 'gothic', 'short story', 'american'],
    description:
      'Summoned by a boyhood friend, the narrator arrives at a decaying mansion by a black tarn, where Roderick ' +
      'Usher and his sister live out the last days of their ancient family.',
  },
  {
    title: 'The Murders in the Rue Morgue',
    author: 'edgar-allan-poe',
    category: 'mystery-crime',
    year: 1841,
    genre: 'Detective fiction',
    tags: ['classic', 'detective', 'paris', 'short story'],
    description:
      'Two women are found dead in a locked apartment in Paris and nothing makes sense, until C. Auguste ' +
      'Dupin applies his method. The first modern detective story.',
  },
  {
    title: 'The Scarlet Letter',
    author: 'nathaniel-hawthorne',
    category: 'literary-fiction',
    year: 1850,
    genre: 'Historical fiction',
    tags: ['classic', 'american', 'puritan', 'sin'],
    description:
      'In Puritan Boston, Hester Prynne is made to wear a scarlet A for adultery and refuses to name the ' +
      'father of her child, while the town’s admired young minister slowly comes apart.',
  },
  {
    title: 'The House of the Seven Gables',
    author: 'nathaniel-hawthorne',
    category: 'gothic-horror',
    year: 1851,
    genre: 'Gothic fiction',
    tags: ['classic', 'american', 'curse', 'family'],
    description:
      'A gloomy New England mansion built on stolen land carries a curse down the generations of the ' +
      'Pyncheon family, until a cheerful young cousin arrives.',
  },
  {
    title: 'Little Women',
    author: 'louisa-may-alcott',
    category: 'childrens-classics',
    year: 1868,
    genre: 'Coming-of-age',
    tags: ['classic', 'american', 'sisters', 'family'],
    description:
      'Meg, Jo, Beth and Amy March grow up in Massachusetts while their father is away at war, with ' +
      'theatricals, quarrels, first loves and the ambition to be something in the world.',
  },
  {
    title: 'Treasure Island',
    author: 'robert-louis-stevenson',
    category: 'adventure',
    year: 1883,
    genre: 'Adventure',
    tags: ['classic', 'pirates', 'treasure', 'sea'],
    description:
      'Young Jim Hawkins finds a treasure map in a dead pirate’s sea chest and sails for a faraway island, ' +
      'with a crew that includes the charming, one-legged cook Long John Silver.',
  },
  {
    title: 'Strange Case of Dr Jekyll and Mr Hyde',
    author: 'robert-louis-stevenson',
    category: 'gothic-horror',
    year: 1886,
    genre: 'Horror',
    tags: ['classic', 'london', 'duality', 'novella'],
    description:
      'A respectable London lawyer is troubled by his friend Dr Jekyll’s connection to the brutal Mr Hyde. ' +
      'The truth, when it comes, gave the language a new expression.',
  },
  {
    title: 'Kidnapped',
    author: 'robert-louis-stevenson',
    category: 'adventure',
    year: 1886,
    genre: 'Adventure',
    tags: ['classic', 'scotland', 'highlands', 'jacobite'],
    description:
      'Cheated of his inheritance by his uncle, David Balfour is shipped off to be sold, escapes with the ' +
      'Jacobite Alan Breck and flees across the Scottish Highlands.',
  },
  {
    title: 'Madame Bovary',
    author: 'gustave-flaubert',
    category: 'literary-fiction',
    year: 1857,
    genre: 'Literary fiction',
    tags: ['classic', 'french', 'realism', 'provincial life'],
    description:
      'Emma Bovary, married to a dull country doctor, longs for the passion she has read about in novels, and ' +
      'pursues it through love affairs and debts into disaster.',
  },
  {
    title: 'Heart of Darkness',
    author: 'joseph-conrad',
    category: 'short-fiction-drama',
    year: 1899,
    genre: 'Novella',
    tags: ['classic', 'africa', 'colonialism', 'river'],
    description:
      'On a boat on the Thames at dusk, Marlow tells of his journey up the Congo River to find Kurtz, an ivory ' +
      'trader who has gone far beyond the reach of any law.',
  },
  {
    title: 'Lord Jim',
    author: 'joseph-conrad',
    category: 'adventure',
    year: 1900,
    genre: 'Adventure',
    tags: ['classic', 'sea', 'honour', 'redemption'],
    description:
      'A young officer jumps from a ship he believes is sinking and leaves its passengers behind. Disgraced, ' +
      'Jim spends his life looking for a chance to prove who he really is.',
  },
  {
    title: 'Don Quixote',
    author: 'miguel-de-cervantes',
    category: 'literary-fiction',
    year: 1605,
    genre: 'Literary fiction',
    tags: ['classic', 'spanish', 'chivalry', 'comedy'],
    description:
      'A country gentleman reads so many tales of chivalry that he becomes a knight errant, and rides out with ' +
      'the practical Sancho Panza to fight windmills and rescue ladies who need no rescuing.',
  },
  {
    title: 'The Call of the Wild',
    author: 'jack-london',
    category: 'adventure',
    year: 1903,
    genre: 'Adventure',
    tags: ['classic', 'dogs', 'yukon', 'gold rush'],
    description:
      'Buck, a pampered dog from a California estate, is stolen and sold as a sled dog in the Klondike, and ' +
      'learns to survive by the law of club and fang.',
  },
  {
    title: 'White Fang',
    author: 'jack-london',
    category: 'childrens-classics',
    year: 1906,
    genre: 'Adventure',
    tags: ['classic', 'wolves', 'yukon', 'animals'],
    description:
      'A wolf-dog born in the wild North is tamed, abused, made to fight and finally shown kindness. The ' +
      'mirror image of The Call of the Wild.',
  },
  {
    title: 'The Great Gatsby',
    author: 'f-scott-fitzgerald',
    category: 'literary-fiction',
    year: 1925,
    genre: 'Literary fiction',
    tags: ['classic', 'american', 'jazz age', 'long island'],
    description:
      'Nick Carraway rents a cottage on Long Island next to the mansion of Jay Gatsby, who throws enormous ' +
      'parties for one reason: the green light across the bay.',
  },
];
