// The book's self-check quizzes (book/trickbook/quiz.py), served by the site itself: jupyterquiz's
// scripts, with its MathJax CDN fallback taken out, draw each quiz that a page holds
// (<div class="tt-quiz" data-questions="...">, from templates/quiz.html).
(function () {
const MathJax = undefined;  // the quiz never typesets (trickbook.quiz)
/* jupyterquiz */
function draw() {
  for (const element of document.querySelectorAll(".tt-quiz[data-questions]")) {
    show_questions(JSON.parse(element.dataset.questions), element.id);
  }
}
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", draw);
} else {
  draw();
}
})();
