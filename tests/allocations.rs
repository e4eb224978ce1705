//! No allocation on the hot path: after a warm-up game, whole random games
//! (legal actions into a reused buffer, then `apply`, as random playouts
//! and ISMCTS rollouts run them) allocate nothing. A counting global
//! allocator, in this test binary only, counts every allocation of the
//! thread under test. Every two-seat ruleset is held to it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use decklab::core::{Game, NoObserver, Node, below, rng_from_seed};
use decklab::games::astrom_cross::AstromCross;
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nostalgix::Nostalgix;
use decklab::games::pixel_tactics::PixelTactics;

/// The system allocator, counting the allocations of threads that ask.
struct Counting;

thread_local! {
    /// Allocations of this thread while counting, `None` when not counting.
    static COUNT: Cell<Option<u64>> = const { Cell::new(None) };
}

// SAFETY: every call is passed to `System` unchanged; the counter only
// reads and writes a thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is `System::alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System::dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is `System::realloc`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn count() {
    // `try_with`: the thread-local may be gone while a thread exits.
    let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
}

/// Plays random game `seed` with `legal` as the reused buffer.
fn random_game<G: Game>(game: &G, seed: u64, legal: &mut Vec<G::Action>) {
    let mut rng = rng_from_seed(seed);
    let mut s = game.new_state(&mut rng);
    while let Node::Decision(_) = game.to_move(&s) {
        game.legal_actions(&s, legal);
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
}

/// The allocations of `games` random games after one warm-up game (which
/// sizes the buffer).
fn allocations<G: Game>(game: &G, games: u64) -> u64 {
    let mut legal = Vec::with_capacity(1024);
    random_game(game, 0, &mut legal);
    COUNT.with(|c| c.set(Some(0)));
    for seed in 1..=games {
        random_game(game, seed, &mut legal);
    }
    COUNT.with(|c| c.replace(None)).unwrap_or(0)
}

#[test]
fn random_games_allocate_nothing_after_warm_up() {
    assert_eq!(allocations(&Nostalgix::bundled(0, 1), 300), 0, "nostalgix");
    assert_eq!(allocations(&Nostalgix::bundled(2, 3), 300), 0, "nostalgix");
    assert_eq!(
        allocations(&AstromCross::bundled(0, 1), 300),
        0,
        "astrom-cross"
    );
    assert_eq!(
        allocations(&NintendoTcg::bundled(0, 1), 300),
        0,
        "nintendo-tcg"
    );
    assert_eq!(
        allocations(&PixelTactics::bundled(0, 1), 300),
        0,
        "pixel-tactics"
    );
}

#[test]
fn the_counter_sees_an_allocation() {
    COUNT.with(|c| c.set(Some(0)));
    let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
    let n = COUNT.with(|c| c.replace(None)).unwrap_or(0);
    assert_eq!(v.len(), 3);
    assert!(n >= 1, "counted {n}");
}
