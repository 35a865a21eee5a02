//! The annotation budget: what a game's comments and NAGs may take, kept alike by the main-line
//! reader and the variation tree builder.

use super::Comment;

/// The most annotation bytes a game keeps, counting a comment as its text plus the bytes that
/// hold it and a NAG as one byte; later comments and NAGs are dropped, so that a hostile game
/// cannot grow without bound (a lichess export of a long analysed game needs well under 64 KiB).
pub const MAX_ANNOTATION_BYTES: usize = 1 << 20;

/// What the annotations kept so far count against [`MAX_ANNOTATION_BYTES`].
#[derive(Debug, Default)]
pub(super) struct AnnotationBudget {
    spent: usize,
}

impl AnnotationBudget {
    /// A budget that already holds `comments` (a tree's root may come with some).
    pub(super) fn holding<'a>(comments: impl IntoIterator<Item = &'a Comment>) -> AnnotationBudget {
        AnnotationBudget {
            spent: comments.into_iter().map(comment_cost).sum(),
        }
    }

    /// Counts `bytes` of annotations against the budget; false (and nothing counted) if they
    /// do not fit.
    pub(super) fn spend(&mut self, bytes: usize) -> bool {
        let total = self.spent + bytes;
        let fits = total <= MAX_ANNOTATION_BYTES;
        if fits {
            self.spent = total;
        }
        fits
    }

    /// Counts a comment (its text and what holds it); false (and nothing counted) if it does not
    /// fit.
    pub(super) fn spend_comment(&mut self, comment: &Comment) -> bool {
        self.spend(comment_cost(comment))
    }
}

/// What a comment counts against the budget.
fn comment_cost(comment: &Comment) -> usize {
    comment.as_str().len() + std::mem::size_of::<Comment>()
}
