//! The nine Maia-1 networks, one per rating band, loaded together from one folder.

use std::fmt;
use std::path::Path;

use crate::checksums::{Checksums, Sha256Digest, CHECKSUMS_FILE};
use crate::error::LoadError;
use crate::network::Network;
use crate::weights;

/// A rating band Maia was trained on: lichess players rated 1100 … 1900.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// Players rated 1100–1199.
    R1100,
    /// Players rated 1200–1299.
    R1200,
    /// Players rated 1300–1399.
    R1300,
    /// Players rated 1400–1499.
    R1400,
    /// Players rated 1500–1599.
    R1500,
    /// Players rated 1600–1699.
    R1600,
    /// Players rated 1700–1799.
    R1700,
    /// Players rated 1800–1899.
    R1800,
    /// Players rated 1900–1999.
    R1900,
}

impl Band {
    /// All nine, weakest first.
    pub const ALL: [Band; 9] = [
        Band::R1100,
        Band::R1200,
        Band::R1300,
        Band::R1400,
        Band::R1500,
        Band::R1600,
        Band::R1700,
        Band::R1800,
        Band::R1900,
    ];

    /// The band's rating: 1100, 1200, … 1900.
    pub const fn rating(self) -> u16 {
        1100 + 100 * self as u16
    }

    /// The band whose rating is `rating` (1100, 1200, … 1900).
    pub fn from_rating(rating: u16) -> Option<Band> {
        Band::ALL.into_iter().find(|b| b.rating() == rating)
    }

    /// The network's file name: `maia-1100.pb.gz`.
    pub fn file_name(self) -> String {
        format!("maia-{}.pb.gz", self.rating())
    }
}

impl fmt::Display for Band {
    /// `maia-1100`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "maia-{}", self.rating())
    }
}

/// The nine networks, loaded once (about 2.5 MB of weights each).
pub struct Networks {
    networks: Vec<Network>,
}

impl Networks {
    /// Loads `maia-1100.pb.gz` … `maia-1900.pb.gz` from `folder`, each checked first against
    /// the folder's `SHA256SUMS`: a file the list does not vouch for is never decoded, so a
    /// network copied under another band's name, or one with a flipped byte, is refused rather
    /// than played at the wrong strength.
    ///
    /// # Errors
    /// The first file that is missing, not listed in `SHA256SUMS` (or that list is missing or
    /// malformed), not of its listed digest, or that cannot be used: by name and band.
    pub fn load(folder: impl AsRef<Path>) -> Result<Networks, LoadError> {
        let folder = folder.as_ref();
        let mut checksums = None;
        let mut networks = Vec::with_capacity(Band::ALL.len());
        for band in Band::ALL {
            let name = band.file_name();
            let path = folder.join(&name);
            let refused = |kind| LoadError::new(&path, kind).in_band(band);
            // Read once: the bytes checked are the bytes loaded.
            let packed = weights::read_packed(&path).map_err(|e| e.in_band(band))?;
            let actual = Sha256Digest::of(&packed);
            // Read once, after the first file is found: a missing folder names its first file.
            let checksums = match &mut checksums {
                Some(checksums) => checksums,
                None => checksums
                    .insert(Checksums::read(&folder.join(CHECKSUMS_FILE)).map_err(refused)?),
            };
            checksums.check(&name, actual).map_err(refused)?;
            networks.push(Network::from_packed(&path, &packed).map_err(|e| e.in_band(band))?);
        }
        Ok(Networks { networks })
    }

    /// The network of `band`.
    pub fn get(&self, band: Band) -> &Network {
        &self.networks[band as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_networks_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Networks>();
    }

    #[test]
    fn bands_name_their_ratings_and_files() {
        assert_eq!(Band::R1100.rating(), 1100);
        assert_eq!(Band::R1900.rating(), 1900);
        assert_eq!(Band::from_rating(1500), Some(Band::R1500));
        assert_eq!(Band::from_rating(1550), None);
        assert_eq!(Band::R1300.file_name(), "maia-1300.pb.gz");
        assert_eq!(Band::R1300.to_string(), "maia-1300");
    }
}
