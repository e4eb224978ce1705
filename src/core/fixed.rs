//! [`FixedVec`]: a vector of `Copy` items with a fixed capacity, itself
//! `Copy`, so a game state built from it clones with one `memcpy`.
//! (`arrayvec::ArrayVec` is not `Copy`: its clone walks the elements.)

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// Up to `N` (at most 255) items of a `Copy` type, stored inline.
#[derive(Copy)]
pub struct FixedVec<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

// `clone_from` copies only the used part, which a plain copy cannot.
#[expect(clippy::non_canonical_clone_impl)]
impl<T: Copy + Default, const N: usize> Clone for FixedVec<T, N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }

    /// Copies only the used items (the slots beyond `len` are never read),
    /// so refilling a scratch copy of a large, mostly empty vector is
    /// cheap.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        let len = source.len();
        self.items[..len].copy_from_slice(&source.items[..len]);
        self.len = source.len;
    }
}

impl<T: Copy + Default, const N: usize> FixedVec<T, N> {
    /// An empty vector.
    pub fn new() -> Self {
        const { assert!(N <= u8::MAX as usize) };
        FixedVec {
            items: [T::default(); N],
            len: 0,
        }
    }

    /// Whether no more items fit.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// Appends `item`; returns `false` (and drops it) when full.
    #[inline]
    pub fn push(&mut self, item: T) -> bool {
        if self.is_full() {
            return false;
        }
        self.items[self.len as usize] = item;
        self.len += 1;
        true
    }

    /// Removes and returns the last item.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    /// Removes the item at `index`, shifting the rest left. Panics when out
    /// of bounds, like `Vec::remove`.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(
            index < len,
            "FixedVec::remove: index {index} out of bounds ({len})"
        );
        let item = self.items[index];
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        item
    }

    /// Removes the item at `index`, replacing it with the last one.
    pub fn swap_remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(
            index < len,
            "FixedVec::swap_remove: index {index} out of bounds ({len})"
        );
        let item = self.items[index];
        self.items[index] = self.items[len - 1];
        self.len -= 1;
        item
    }

    /// Inserts `item` at `index`, shifting the rest right; returns `false`
    /// when full.
    pub fn insert(&mut self, index: usize, item: T) -> bool {
        let len = self.len();
        if self.is_full() || index > len {
            return false;
        }
        self.items.copy_within(index..len, index + 1);
        self.items[index] = item;
        self.len += 1;
        true
    }

    /// Empties the vector.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the items for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len() {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for FixedVec<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Copy + Default + Hash, const N: usize> Hash for FixedVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for FixedVec<T, N> {
    /// Appends items while there is room; the rest are dropped.
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter {
            if !self.push(item) {
                break;
            }
        }
    }
}

impl<'a, T: Copy + Default + 'a, const N: usize> Extend<&'a T> for FixedVec<T, N> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        self.extend(iter.into_iter().copied());
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for FixedVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<T: Copy + Default, const N: usize> IntoIterator for FixedVec<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len as usize)
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a FixedVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_bounded_vec() {
        let mut v: FixedVec<u16, 4> = FixedVec::new();
        assert!(v.push(1) && v.push(2) && v.push(3) && v.push(4));
        assert!(!v.push(5), "full");
        assert_eq!(v.remove(1), 2);
        assert_eq!(&*v, &[1, 3, 4]);
        assert!(v.insert(0, 9));
        assert_eq!(&*v, &[9, 1, 3, 4]);
        v.retain(|&x| x != 3);
        assert_eq!(&*v, &[9, 1, 4]);
        assert_eq!(v.swap_remove(0), 9);
        assert_eq!(&*v, &[4, 1]);
        assert_eq!(v.pop(), Some(1));
        assert_eq!(v.into_iter().collect::<Vec<_>>(), vec![4]);
    }

    #[test]
    fn clone_from_copies_the_used_items_over_any_contents() {
        let source: FixedVec<u16, 8> = [4, 5, 6].into_iter().collect();
        for stale in [vec![], vec![1], vec![9; 8]] {
            let mut copy: FixedVec<u16, 8> = stale.into_iter().collect();
            copy.clone_from(&source);
            assert_eq!(copy, source);
            assert_eq!(&*copy, &[4, 5, 6]);
        }
    }

    #[test]
    fn equality_and_hash_ignore_stale_slots() {
        let mut a: FixedVec<u8, 3> = [1, 2, 3].into_iter().collect();
        a.pop();
        let b: FixedVec<u8, 3> = [1, 2].into_iter().collect();
        assert_eq!(a, b);
        let h = |v: &FixedVec<u8, 3>| {
            let mut s = std::hash::DefaultHasher::new();
            v.hash(&mut s);
            s.finish()
        };
        assert_eq!(h(&a), h(&b));
    }
}
