/**
 * The demo shop's readers and what they wrote. Every sentence was written for this shop: for each book,
 * a few things a reader liked and a few they did not, which demo.ts puts together with the openers and
 * closers below into reviews of every rating. Books left out here get no reviews (their pages show
 * "No ratings yet").
 */

export interface DemoReader {
  username: string;
  firstName: string;
  lastName: string;
}

export const DEMO_READERS: DemoReader[] = [
  { username: 'mira_reads', firstName: 'Mira', lastName: 'Okafor' },
  { username: 'tomhalloway', firstName: 'Tom', lastName: 'Halloway' },
  { username: 'priya_n', firstName: 'Priya', lastName: 'Natarajan' },
  { username: 'jonas_b', firstName: 'Jonas', lastName: 'Berg' },
  { username: 'lucia_mr', firstName: 'Lucía', lastName: 'Moreno' },
  { username: 'sam_quill', firstName: 'Sam', lastName: 'Whitaker' },
  { username: 'hannah_k', firstName: 'Hannah', lastName: 'Kowalski' },
  { username: 'dev_reads', firstName: 'Dev', lastName: 'Mehta' },
  { username: 'aoife_m', firstName: 'Aoife', lastName: 'Murphy' },
  { username: 'kenji_t', firstName: 'Kenji', lastName: 'Tanaka' },
  { username: 'rosa_lib', firstName: 'Rosa', lastName: 'Lindqvist' },
  { username: 'ben_ashby', firstName: 'Ben', lastName: 'Ashby' },
  { username: 'fatima_z', firstName: 'Fatima', lastName: 'Zahir' },
  { username: 'oliver_p', firstName: 'Oliver', lastName: 'Pennington' },
  { username: 'grace_h', firstName: 'Grace', lastName: 'Huang' },
  { username: 'marco_v', firstName: 'Marco', lastName: 'Valenti' },
  { username: 'ines_c', firstName: 'Inês', lastName: 'Carvalho' },
  { username: 'will_rowe', firstName: 'Will', lastName: 'Rowe' },
  { username: 'nadia_s', firstName: 'Nadia', lastName: 'Sokolova' },
  { username: 'ed_farley', firstName: 'Ed', lastName: 'Farley' },
  { username: 'chloe_d', firstName: 'Chloé', lastName: 'Dubois' },
  { username: 'kwame_a', firstName: 'Kwame', lastName: 'Asante' },
  { username: 'lena_w', firstName: 'Lena', lastName: 'Weber' },
  { username: 'raj_pillai', firstName: 'Raj', lastName: 'Pillai' },
  { username: 'emily_f', firstName: 'Emily', lastName: 'Fairbanks' },
  { username: 'noah_g', firstName: 'Noah', lastName: 'Goldberg' },
  { username: 'zara_reads', firstName: 'Zara', lastName: 'Qureshi' },
  { username: 'pete_m', firstName: 'Pete', lastName: 'Marlowe' },
  { username: 'sofia_r', firstName: 'Sofia', lastName: 'Rossi' },
  { username: 'theo_l', firstName: 'Theo', lastName: 'Lambert' },
  { username: 'amara_e', firstName: 'Amara', lastName: 'Eze' },
  { username: 'dan_cole', firstName: 'Dan', lastName: 'Coleman' },
  { username: 'yuki_s', firstName: 'Yuki', lastName: 'Sato' },
  { username: 'maeve_o', firstName: 'Maeve', lastName: "O'Brien" },
  { username: 'luis_g', firstName: 'Luis', lastName: 'Guerrero' },
  { username: 'ruth_ab', firstName: 'Ruth', lastName: 'Abernathy' },
  { username: 'ivan_p', firstName: 'Ivan', lastName: 'Petrov' },
  { username: 'tess_h', firstName: 'Tess', lastName: 'Harding' },
  { username: 'omar_f', firstName: 'Omar', lastName: 'Farouk' },
  { username: 'cleo_b', firstName: 'Cleo', lastName: 'Bramwell' },
  { username: 'felix_n', firstName: 'Felix', lastName: 'Nilsson' },
  { username: 'june_park', firstName: 'June', lastName: 'Park' },
];

/** What readers liked about a book and what put them off, one finished sentence each. */
export interface BookRemarks {
  liked: string[];
  doubts: string[];
}

export const BOOK_REMARKS: Record<string, BookRemarks> = {
  'Pride and Prejudice': {
    liked: [
      'Elizabeth is still the sharpest heroine I have met, and her arguments with Darcy crackle on the page.',
      'Mr Collins’s proposal had me laughing out loud on the bus.',
      'Every conversation does two jobs at once: it is funny and it moves the plot.',
    ],
    doubts: [
      'The Wickham subplot felt rushed once I knew where it was going.',
      'Mrs Bennet’s nerves wore on me after the first hundred pages.',
    ],
  },
  'Sense and Sensibility': {
    liked: [
      'Elinor’s quiet endurance moved me more than any grand speech could.',
      'The two sisters are such a good pair: one feels everything aloud, the other keeps it all in.',
      'Austen is wonderfully cruel about Fanny Dashwood and her talk of what they can spare.',
    ],
    doubts: [
      'Edward is so passive that I never quite believed Elinor’s devotion to him.',
      'Colonel Brandon deserved more than a few scenes.',
    ],
  },
  Persuasion: {
    liked: [
      'Captain Wentworth’s letter is worth the price of the book on its own.',
      'Anne is older and wiser than Austen’s other heroines, and I loved her for it.',
      'The scenes in Lyme, with the sea and the fall from the Cobb, are beautifully done.',
    ],
    doubts: [
      'Sir Walter and his mirrors are funny at first, then simply tiresome.',
      'It is shorter than the others and the ending comes very quickly.',
    ],
  },
  'Northanger Abbey': {
    liked: [
      'Catherine’s imagination running away with her in the abbey is a joy to read.',
      'It is a loving send-up of Gothic novels, and you do not need to have read them to laugh.',
      'Henry Tilney is the wittiest of Austen’s heroes.',
    ],
    doubts: [
      'The Bath chapters at the start go on a little long.',
      'The Thorpes are so obviously awful that their scenes lose their sting.',
    ],
  },
  'Mansfield Park': {
    liked: [
      'Fanny is quiet, but her stubborn sense of right grew on me chapter by chapter.',
      'The amateur theatricals are a brilliant set piece: everyone shows who they really are.',
      'The Crawfords are charming, which makes them all the more dangerous.',
    ],
    doubts: [
      'Fanny is so meek that I found her hard to root for at times.',
      'Edmund is slow to see what is in front of him and I lost patience with him.',
    ],
  },
  'Great Expectations': {
    liked: [
      'The opening on the marshes with the convict is one of the best starts to any novel.',
      'Miss Havisham’s rotting wedding cake has stayed with me for days.',
      'Joe Gargery is the kindest character in Dickens, and Pip’s shame about him hurts to read.',
    ],
    doubts: [
      'Estella stays a mystery to the end, and not in a satisfying way.',
      'The London chapters sag until the convict comes back.',
    ],
  },
  'A Tale of Two Cities': {
    liked: [
      'Sydney Carton’s last chapters gave me goosebumps.',
      'Madame Defarge knitting the names of the condemned is chilling.',
      'The storming of the Bastille is written with real fury and pace.',
    ],
    doubts: [
      'Lucie is more of a symbol than a person.',
      'The first book is slow and it takes a while to see how the threads connect.',
    ],
  },
  'Oliver Twist': {
    liked: [
      'Fagin’s den and the Artful Dodger are as vivid as any film.',
      'The workhouse chapters are angry in a way that still feels urgent.',
      'Nancy is the heart of the book, and her story is heartbreaking.',
    ],
    doubts: [
      'Oliver himself barely has a personality; things just happen to him.',
      'The coincidences in the last third strain belief.',
    ],
  },
  'David Copperfield': {
    liked: [
      'Mr Micawber, always waiting for something to turn up, is a comic masterpiece.',
      'Betsey Trotwood chasing donkeys off her lawn is my new favourite scene.',
      'It reads like a life remembered, warm and sad by turns.',
    ],
    doubts: [
      'Dora is written as a child, and those chapters made me wince.',
      'Uriah Heep is so obviously a villain that there is little suspense.',
    ],
  },
  'A Christmas Carol': {
    liked: [
      'I read it every December and the Ghost of Christmas Yet to Come still gives me a chill.',
      'Short enough for one evening, and Scrooge’s change of heart never gets old.',
      'The Cratchits’ dinner is the warmest scene Dickens ever wrote.',
    ],
    doubts: [
      'Tiny Tim is laid on a little thick for modern tastes.',
      'Knowing every adaptation by heart took some of the magic away.',
    ],
  },
  'Bleak House': {
    liked: [
      'The fog at the opening is the best first page in English.',
      'Jarndyce and Jarndyce is a lawsuit that swallows everyone, and it is savagely funny.',
      'Inspector Bucket is one of the first great fictional detectives.',
    ],
    doubts: [
      'Esther’s chapters are so self-effacing that I started skimming them.',
      'It is enormous, and some of the side characters could have gone.',
    ],
  },
  'Adventures of Huckleberry Finn': {
    liked: [
      'Huck deciding he will go to hell rather than turn Jim in is one of the great moments in fiction.',
      'The river passages are lazy and beautiful, and you can almost feel the raft.',
      'The Duke and the King are hilarious frauds.',
    ],
    doubts: [
      'The last chapters with Tom Sawyer’s schemes undo a lot of what came before.',
      'The dialect takes some getting used to in the first chapters.',
    ],
  },
  'The Adventures of Tom Sawyer': {
    liked: [
      'The fence-whitewashing scene is as clever as I remembered from school.',
      'Tom and Becky lost in the cave had me reading past midnight.',
      'It captures the long summers of being a boy perfectly.',
    ],
    doubts: [
      'Injun Joe is a flat and uncomfortable villain by today’s standards.',
      'It is more a string of episodes than a story.',
    ],
  },
  "A Connecticut Yankee in King Arthur's Court": {
    liked: [
      'Hank predicting the eclipse to save his own neck is a brilliant scene.',
      'Twain pokes fun at chivalry, knights in armour and advertising all at once.',
      'It is a time-travel story written decades before that was a genre.',
    ],
    doubts: ['The ending turns very dark very quickly.', 'The satire gets heavy-handed in the middle chapters.'],
  },
  'War and Peace': {
    liked: [
      'Natasha at her first ball is pure joy on the page.',
      'The battle of Borodino seen through Pierre’s confused eyes is unforgettable.',
      'Prince Andrei looking up at the sky at Austerlitz changed how I think about ambition.',
    ],
    doubts: [
      'The essays on history in the epilogue lost me completely.',
      'Keeping track of the Russian names took real effort.',
    ],
  },
  'Anna Karenina': {
    liked: [
      'The railway station scenes frame the whole book with real dread.',
      'Levin mowing the field with the peasants is one of my favourite chapters of anything.',
      'Tolstoy gets inside everyone, even the horse in the steeplechase.',
    ],
    doubts: [
      'Levin’s farming theories went on far too long for me.',
      'Vronsky never seemed worth everything Anna gave up.',
    ],
  },
  'The Death of Ivan Ilyich': {
    liked: [
      'Short, brutal and honest about dying in a way I have not read elsewhere.',
      'Gerasim holding up Ivan’s legs is the tenderest image in the book.',
      'It made me look hard at my own comfortable routines.',
    ],
    doubts: [
      'The bleakness is relentless, so pick your moment to read it.',
      'The colleagues at the funeral are drawn very broadly.',
    ],
  },
  'Crime and Punishment': {
    liked: [
      'The cat-and-mouse talks between Raskolnikov and Porfiry are better than any thriller.',
      'You live inside Raskolnikov’s fever, and it is exhausting in the best way.',
      'Sonya reading the story of Lazarus aloud is an extraordinary scene.',
    ],
    doubts: ['Svidrigailov’s chapters felt like a different book.', 'The epilogue wraps things up too neatly for me.'],
  },
  'The Brothers Karamazov': {
    liked: [
      'The Grand Inquisitor chapter alone is worth the whole book.',
      'Each brother stands for a way of living, and Dostoevsky lets every one of them speak.',
      'The trial at the end is gripping courtroom drama.',
    ],
    doubts: [
      'Father Zosima’s teachings slowed me right down.',
      'At this length, some of the side stories could have been trimmed.',
    ],
  },
  'Notes from Underground': {
    liked: [
      'The narrator is spiteful and ridiculous, and uncomfortably recognisable.',
      'The dinner party with his old schoolfellows is excruciating in the best way.',
      'It is short, but I underlined something on nearly every page.',
    ],
    doubts: ['The first part is a rant, and it is hard to get through.', 'It is a book to admire more than to enjoy.'],
  },
  'The Idiot': {
    liked: [
      'Prince Myshkin’s goodness is moving precisely because it cannot survive the world.',
      'Nastasya Filippovna throwing the money into the fire is an astonishing scene.',
      'The party scenes are chaotic and alive.',
    ],
    doubts: [
      'The plot wanders badly in the middle section.',
      'Some of the long monologues could have been cut by half.',
    ],
  },
  'Les Misérables': {
    liked: [
      'The bishop and the silver candlesticks are the best opening chapter I know.',
      'Javert is a villain you end up pitying.',
      'The barricade chapters are thrilling and tragic.',
    ],
    doubts: ['The long detour about Waterloo tested my patience.', 'Marius is a drip, and Cosette deserved better.'],
  },
  'The Hunchback of Notre-Dame': {
    liked: [
      'The cathedral is the real main character, and Hugo makes you see every stone.',
      'Quasimodo ringing the bells is an image I will not forget.',
      'Much darker and stranger than the films, which I loved.',
    ],
    doubts: ['The chapter surveying Paris from above is a slog.', 'Esmeralda is more of an idea than a person.'],
  },
  'Moby-Dick': {
    liked: [
      'Ahab’s speech on the quarter-deck is pure thunder.',
      'Ishmael and Queequeg sharing a bed at the inn is funny and touching.',
      'The last three chapters of the chase are some of the most gripping pages I have read.',
    ],
    doubts: [
      'The chapters on whale anatomy made me want to skip ahead.',
      'It takes a long time to actually get to sea.',
    ],
  },
  Frankenstein: {
    liked: [
      'The creature’s voice is so eloquent that you end up on his side.',
      'The scenes on the Arctic ice are eerie and beautiful.',
      'Far more thoughtful than the monster films, it is really about responsibility.',
    ],
    doubts: [
      'Victor’s endless fainting and fevers got on my nerves.',
      'The story-within-a-story frame is clumsy in places.',
    ],
  },
  Dracula: {
    liked: [
      'Jonathan Harker’s diary in the castle is as creepy as anything written since.',
      'Told in letters and diaries, so it reads like a pile of evidence.',
      'The ship arriving at Whitby with its dead captain gave me chills.',
    ],
    doubts: ['Van Helsing’s speeches go on and on.', 'The middle drags in London before the chase picks up.'],
  },
  'A Study in Scarlet': {
    liked: [
      'Watson meeting Holmes for the first time is a delight.',
      'Seeing Holmes’s methods laid out from the very first case is fascinating.',
      'The deductions at Lauriston Gardens are brilliant.',
    ],
    doubts: [
      'The long flashback to Utah came out of nowhere.',
      'Holmes is not quite the character he would become yet.',
    ],
  },
  'The Sign of the Four': {
    liked: [
      'The chase on the Thames at night is properly exciting.',
      'The treasure, the pact and the one-legged man make a wonderfully strange puzzle.',
      'Toby the dog steals every scene he is in.',
    ],
    doubts: ['The opening with Holmes’s cocaine is jarring.', 'Small’s confession at the end runs long.'],
  },
  'The Adventures of Sherlock Holmes': {
    liked: [
      'Twelve short cases, each one perfect for a bedtime read.',
      'The Red-Headed League is the cleverest and funniest of the lot.',
      'Irene Adler outwitting Holmes is still a treat.',
    ],
    doubts: [
      'A couple of the stories have very similar solutions.',
      'Reading them all in one go makes the formula obvious.',
    ],
  },
  'The Hound of the Baskervilles': {
    liked: [
      'The moor at night is wonderfully atmospheric.',
      'The scariest Holmes story, and it works best read after dark.',
      'Watson gets to carry the investigation for a while, and he is good at it.',
    ],
    doubts: [
      'Holmes is missing for a big chunk of the middle.',
      'The solution is less surprising than the build-up promises.',
    ],
  },
  'The Time Machine': {
    liked: [
      'The Eloi and the Morlocks are a chilling picture of where class could lead.',
      'The final journey to the dying beach at the end of the world is haunting.',
      'Short and full of ideas, it invented a genre in an afternoon’s read.',
    ],
    doubts: ['The Time Traveller explains rather than shows, at length.', 'Weena is barely a character.'],
  },
  'The War of the Worlds': {
    liked: [
      'The first cylinder opening on Horsell Common is pure suspense.',
      'The tripods striding over the Surrey villages are still terrifying.',
      'The ending is clever and oddly moving.',
    ],
    doubts: ['The curate’s scenes dragged for me.', 'The narrator is more of a camera than a person.'],
  },
  'The Invisible Man': {
    liked: [
      'The opening in the snowbound village inn is comic and sinister at once.',
      'Griffin is a genuinely nasty anti-hero, which makes it gripping.',
      'Wells makes you think through the practical side of invisibility, down to the cold feet.',
    ],
    doubts: [
      'The villagers’ slapstick goes on for too long.',
      'Griffin is so unpleasant that I stopped caring what happened to him.',
    ],
  },
  'The Island of Doctor Moreau': {
    liked: [
      'The Beast Folk chanting the Law is deeply unsettling.',
      'It asks hard questions about cruelty and science that still feel current.',
      'A short, tight nightmare of a book.',
    ],
    doubts: ['Some scenes are too grim for me.', 'Prendick is a bland narrator for such a wild story.'],
  },
  'Twenty Thousand Leagues Under the Seas': {
    liked: [
      'Captain Nemo is mysterious and magnetic.',
      'The walk on the sea floor and the giant squid are unforgettable.',
      'The Nautilus is a wonderful invention, a library under the sea.',
    ],
    doubts: ['The lists of fish species go on for pages.', 'Ned Land complaining gets repetitive.'],
  },
  'Around the World in Eighty Days': {
    liked: [
      'Phileas Fogg is so unflappable that he is funny without trying.',
      'Passepartout is a great comic sidekick.',
      'The race against the calendar keeps the pages turning, and the twist at the end is perfect.',
    ],
    doubts: [
      'Some of the portrayals of other countries have not aged well.',
      'Detective Fix is more irritating than menacing.',
    ],
  },
  'Journey to the Centre of the Earth': {
    liked: [
      'The underground sea with its monsters is wonderfully strange.',
      'Professor Lidenbrock’s enthusiasm is infectious.',
      'Axel is a nervous, honest narrator and I liked travelling with him.',
    ],
    doubts: ['It takes a long time to actually go underground.', 'The geology lessons slowed me down.'],
  },
  'The Picture of Dorian Gray': {
    liked: [
      'Lord Henry’s epigrams are wicked fun; I kept reading them aloud.',
      'The portrait rotting in the attic is a perfect idea.',
      'Sensuous and creepy at the same time.',
    ],
    doubts: ['The chapter cataloguing jewels and tapestries is a real slog.', 'Dorian himself is rather hollow.'],
  },
  'The Importance of Being Earnest': {
    liked: [
      'Lady Bracknell and the handbag: I laughed until I cried.',
      'Every line is a joke and almost every joke lands.',
      'Perfect to read aloud with friends, and short enough to do it in one evening.',
    ],
    doubts: [
      'It is all surface and no depth, which is the point but still.',
      'Reading a play is not the same as seeing it performed.',
    ],
  },
  'Jane Eyre': {
    liked: [
      'Jane’s voice, plain and fierce, won me over from the red room onwards.',
      '“Reader, I married him” still gives me a thrill.',
      'Thornfield with its secret in the attic is gothic at its best.',
    ],
    doubts: [
      'St John Rivers’s chapters nearly made me give up.',
      'Rochester’s behaviour is hard to forgive by today’s standards.',
    ],
  },
  'Wuthering Heights': {
    liked: [
      'Heathcliff and Cathy are wild, selfish and unforgettable.',
      'The moors feel alive on every page.',
      'Nelly Dean is a sly narrator, and it is fun to wonder how much she is leaving out.',
    ],
    doubts: [
      'Almost every character is hateful, which made it hard going.',
      'The second generation’s story felt like a repeat of the first.',
    ],
  },
  'The Count of Monte Cristo': {
    liked: [
      'The escape from the Château d’If is one of the great scenes in adventure fiction.',
      'Watching the Count’s revenge fall into place piece by piece is hugely satisfying.',
      'Abbé Faria teaching Edmond in the cells is wonderful.',
    ],
    doubts: ['The Roman carnival section meanders.', 'There are so many characters with similar names.'],
  },
  'The Three Musketeers': {
    liked: [
      'D’Artagnan picking three duels on his first day in Paris is a brilliant start.',
      'Milady is one of the best villains in fiction.',
      'Swashbuckling, funny and faster paced than I expected.',
    ],
    doubts: [
      'The musketeers are not very nice people when you look closely.',
      'The politics of the queen’s diamonds got confusing.',
    ],
  },
  "Alice's Adventures in Wonderland": {
    liked: [
      'The Mad Tea-Party is as funny for adults as for children.',
      'The wordplay rewards reading aloud.',
      'The Cheshire Cat fading away to its grin is pure magic.',
    ],
    doubts: ['It is a string of episodes with no real story.', 'Some of the jokes need footnotes now.'],
  },
  'Through the Looking-Glass': {
    liked: [
      'Jabberwocky alone makes this worth owning.',
      'The chess game structure is so clever.',
      'Tweedledum and Tweedledee and Humpty Dumpty are brilliant.',
    ],
    doubts: [
      'It feels a little more forced than the first Alice book.',
      'The White Knight’s chapter is sweet but slow.',
    ],
  },
  'The Fall of the House of Usher': {
    liked: [
      'Poe builds dread from the very first sentence.',
      'The house cracking and sinking into the tarn is an incredible ending.',
      'Short, perfect and creepy.',
    ],
    doubts: ['The prose is very ornate and takes some adjusting to.', 'Over almost before it has started.'],
  },
  'The Murders in the Rue Morgue': {
    liked: [
      'The first detective story, and Dupin is already brilliant.',
      'The locked room puzzle is still clever.',
      'A fascinating look at where Sherlock Holmes came from.',
    ],
    doubts: ['The solution is absurd, if memorable.', 'The opening essay on analysis is dry.'],
  },
  'The Scarlet Letter': {
    liked: [
      'Hester’s dignity under the town’s judgment is powerful.',
      'Pearl is one of the strangest and most memorable children in fiction.',
      'Dimmesdale’s guilt is painfully well drawn.',
    ],
    doubts: ['The custom house introduction nearly put me off entirely.', 'The symbolism is heavy-handed at times.'],
  },
  'Little Women': {
    liked: [
      'Jo March is every writer’s hero.',
      'The four sisters feel like real people with real quarrels.',
      'Beth’s story made me cry on the train.',
    ],
    doubts: [
      'The moralising is laid on thick in places.',
      'I will never forgive the book for what happens with Laurie.',
    ],
  },
  'Treasure Island': {
    liked: [
      'Long John Silver is the best rogue in fiction: charming and terrifying.',
      'Jim hiding in the apple barrel is a perfect moment of suspense.',
      'Pure adventure from the Admiral Benbow to the stockade.',
    ],
    doubts: [
      'The sailing terms went right over my head.',
      'It is a boys’ adventure and there is barely a woman in it.',
    ],
  },
  'Strange Case of Dr Jekyll and Mr Hyde': {
    liked: [
      'Foggy London at night is the perfect setting.',
      'Hyde trampling the child in the first chapter is shocking even now.',
      'Short enough to read in a sitting, and Jekyll’s final statement is chilling.',
    ],
    doubts: ['Everyone knows the twist, which takes away the mystery.', 'Utterson is a rather dull detective figure.'],
  },
  Kidnapped: {
    liked: [
      'Alan Breck is swaggering, vain and completely lovable.',
      'The flight across the Highlands is gripping.',
      'The siege in the ship’s roundhouse is a great action scene.',
    ],
    doubts: ['The Scots dialect slowed me down.', 'The ending stops rather than finishes.'],
  },
  'Madame Bovary': {
    liked: [
      'Flaubert’s sentences are so precise that every detail counts.',
      'The agricultural fair scene, with the love talk and the prize pigs, is brilliant.',
      'Emma’s boredom in the provinces is painfully well captured.',
    ],
    doubts: [
      'Emma is so self-deceiving that I found her hard to spend time with.',
      'Charles is pitiful rather than interesting.',
    ],
  },
  'Heart of Darkness': {
    liked: [
      'The journey up the river gets more dreamlike and menacing with every page.',
      'Marlow telling the story on the Thames at dusk is a haunting frame.',
      'Kurtz’s last words stay with you.',
    ],
    doubts: [
      'The prose is foggy on purpose, but it wore me out.',
      'The African characters have no voices at all, which is hard to read now.',
    ],
  },
  'Lord Jim': {
    liked: [
      'The Patna chapters are a brilliant study of shame.',
      'Jim’s search for a second chance is moving.',
      'Marlow’s voice is rich and thoughtful.',
    ],
    doubts: ['The jumps in time are confusing.', 'The Patusan section drags.'],
  },
  'Don Quixote': {
    liked: [
      'The windmills scene lives up to its fame.',
      'Sancho Panza is the best sidekick ever written, down to earth and hilarious.',
      'It is the first modern novel and still feels fresh.',
    ],
    doubts: ['Some of the inserted stories go nowhere.', 'The slapstick beatings became repetitive.'],
  },
  'The Call of the Wild': {
    liked: [
      'Buck’s journey from a sunny ranch to the Yukon is gripping.',
      'The sled team and the Klondike winters feel real and brutal.',
      'John Thornton and Buck’s bond is beautiful.',
    ],
    doubts: ['The violence to the dogs is hard to read.', 'It is over too soon.'],
  },
  'White Fang': {
    liked: [
      'The opening chapters with the wolves stalking the sled are terrifying.',
      'It is the wild coming to civilisation, a perfect mirror of The Call of the Wild.',
      'Weedon Scott’s patience with White Fang is touching.',
    ],
    doubts: ['The middle section with Beauty Smith is hard going.', 'The ending is a little too tame.'],
  },
  'The Great Gatsby': {
    liked: [
      'The green light at the end of the dock is a perfect image.',
      'Gatsby’s parties glitter and then sour.',
      'Fitzgerald’s prose sings on every page, and the last paragraph is perfect.',
    ],
    doubts: [
      'Daisy and Tom are so careless that I struggled to care about them.',
      'Nick is a strangely passive narrator.',
    ],
  },
};

/** The first sentence of a review, by rating (index 0 for one star). */
export const OPENERS: string[][] = [
  [
    'Really did not work for me.',
    'I gave up halfway, I’m afraid.',
    'Not one for me at all.',
    'I wanted to love this and could not.',
  ],
  [
    'I struggled with this one.',
    'Not for me, though I can see why others admire it.',
    'Hard going from start to finish.',
    'I finished it, but only just.',
  ],
  [
    'Mixed feelings about this one.',
    'Good in parts.',
    'I can see why it is a classic, but it did not grab me.',
    'Three stars feels about right.',
    'Glad I read it once.',
  ],
  [
    'A really good read.',
    'Glad I finally picked this up.',
    'Very enjoyable.',
    'Better than I expected.',
    'Read it for my book club and liked it a lot.',
  ],
  [
    'Loved every page.',
    'One of my favourite reads this year.',
    'An absolute classic for good reason.',
    'I did not expect to enjoy a classic this much.',
    'Bought it for book club and ended up reading it twice.',
    'Five stars, no hesitation.',
  ],
];

/** The last sentence of a review, by rating; a review ends with one about half the time. */
export const CLOSERS: string[][] = [
  ['Not one I’ll keep.', 'I’ll pass it on to someone who might enjoy it more.', 'Back on the shelf it goes.'],
  ['Maybe I will try again in a few years.', 'Worth a look if you like the period.', 'I wanted more from it.'],
  ['Worth reading once.', 'I’d recommend it with reservations.', 'I may come back to it.', 'Your mileage may vary.'],
  ['Recommended.', 'I’ll be reading more by this author.', 'A solid pick.', 'Would happily read it again.'],
  [
    'Highly recommend.',
    'Already lending it to a friend.',
    'I’ll be rereading this for years.',
    'Buy it, you won’t regret it.',
  ],
];

/** Now and then a reader says something about the copy itself; these readers bought theirs here. */
export const COPY_REMARKS: string[] = [
  'The edition is lovely and the print is easy on the eyes.',
  'My copy arrived quickly and well packed.',
  'Nice sturdy paperback that survived my bag.',
  'Good paper and a clean, readable typeface.',
  'The cover looks great on the shelf.',
];

/** Joins a bridging phrase and a finished sentence: "One small gripe: the middle drags." */
export const GRIPE = ['One small gripe:', 'My only complaint:', 'If I am honest,', 'Still,'];
export const CONCESSION = ['To be fair,', 'In its favour,', 'I will say this:'];
