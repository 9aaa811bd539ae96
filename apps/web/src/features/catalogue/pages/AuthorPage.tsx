import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/hooks';
import { authorSource } from '../api/books';
import { useAuthor } from '../api/authors';
import { CollectionPage } from '../components/CollectionPage';

export default function AuthorPage() {
  const { slug = '' } = useParams();
  const author = useAuthor(slug);
  usePageTitle(author.data?.name ?? (author.isError ? 'Error' : undefined));
  return (
    <CollectionPage
      info={author}
      source={authorSource(slug)}
      name={author.data?.name}
      image={author.data?.image}
      text={<p>{author.data?.brief}</p>}
      count={author.data?.number_of_books}
      countLabel="Published Books"
      booksHeading={author.data ? `Books by ${author.data.name}` : 'Books'}
      emptyText="No books available from this author at the moment."
      errorText="Failed to load author information"
    />
  );
}
