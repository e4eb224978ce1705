//! Sets of numbered items written as one CSV field: a lowercase
//! hexadecimal number whose bit `i` stands for item `i` (bit 0 is the
//! lowest bit of the last digit), without leading zeros. `seats.csv`'s
//! `in_hand` (the cards of a seat's list it had in hand) and `games.csv`'s
//! `store_seen` and `store_bought` (the store cards a game saw and bought)
//! are such masks; `compare` reads them to pair two runs game by game.

/// Writes into `out` (cleared first) the mask of the items `0..len` for
/// which `set` holds: `0` when none does, `5` when items 0 and 2 do, and
/// nothing at all when `len` is 0. Allocates nothing once `out` has room
/// for the digits.
pub fn write_mask(len: usize, set: impl Fn(usize) -> bool, out: &mut String) {
    out.clear();
    for digit in (0..len.div_ceil(4)).rev() {
        let value = (0..4)
            .filter(|bit| set(4 * digit + bit))
            .fold(0, |v, bit| v | 1 << bit);
        if value != 0 || !out.is_empty() || digit == 0 {
            out.push(char::from_digit(value, 16).unwrap_or('0'));
        }
    }
}

/// Whether bit `i` of `mask` (see [`write_mask`]) is set (a bit beyond
/// its digits is not); `None` if the digit holding it is no lowercase
/// hexadecimal digit.
pub fn mask_bit(mask: &str, i: usize) -> Option<bool> {
    let digits = mask.as_bytes();
    let Some(at) = digits.len().checked_sub(1 + i / 4) else {
        return Some(false);
    };
    let value = match digits[at] {
        d @ b'0'..=b'9' => d - b'0',
        d @ b'a'..=b'f' => d - b'a' + 10,
        _ => return None,
    };
    Some(value >> (i % 4) & 1 == 1)
}

/// Whether `mask` is a mask as [`write_mask`] writes them: lowercase
/// hexadecimal digits, or nothing (no items).
pub fn is_mask(mask: &str) -> bool {
    mask.bytes().all(|d| matches!(d, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mask_reads_back_the_items_written() {
        let set = [0, 2, 8, 13];
        let mut mask = String::from("stale");
        write_mask(14, |i| set.contains(&i), &mut mask);
        assert_eq!(mask, "2105");
        assert!(is_mask(&mask));
        let read: Vec<usize> = (0..20).filter(|&i| mask_bit(&mask, i).unwrap()).collect();
        assert_eq!(read, set);
        // No item set: 0, with no leading zeros; no items: nothing.
        write_mask(14, |_| false, &mut mask);
        assert_eq!(mask, "0");
        write_mask(0, |_| true, &mut mask);
        assert_eq!(mask, "");
        assert_eq!(mask_bit("", 3), Some(false));
        assert_eq!(mask_bit("1G", 0), None);
        assert!(!is_mask("1F"));
    }
}
