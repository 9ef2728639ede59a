"""Tests of the book: its page builders (book/trickbook), pages, editions, quizzes, exercises,
worksheets and catalogues."""
