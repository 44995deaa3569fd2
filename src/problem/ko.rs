//! The ko assumption a result holds under.

use crate::board::Color;

/// The most external ko threats a side can be given.
pub const MAX_THREATS: u8 = 15;

/// Who may retake a ko at once, and at what price.
///
/// A move that would recreate a position seen since the last pass is
/// banned, except for the ko master (unlimited threats) and for a side
/// that still holds an external threat: it spends one (the opponent
/// answers elsewhere, which changes the whole board, so the history is
/// cleared as after a pass) and then plays the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ko {
    /// The side with unlimited external ko threats, if any.
    pub master: Option<Color>,
    /// External ko threats held by Black and White (a master's count is
    /// not used).
    pub threats: [u8; 2],
}

impl Ko {
    /// Nobody is ko master; each side holds the given threats.
    pub fn threats(black: u8, white: u8) -> Ko {
        Ko {
            master: None,
            threats: [black.min(MAX_THREATS), white.min(MAX_THREATS)],
        }
    }

    pub fn is_master(self, c: Color) -> bool {
        self.master == Some(c)
    }

    /// The setting in the words every report uses: "Black is ko master",
    /// "no ko master", or with threats "no ko master; external ko
    /// threats: Black 1, White 0".
    pub fn describe(self) -> String {
        match self.master {
            Some(c) => format!("{} is ko master", c.name()),
            None if self.threats == [0, 0] => "no ko master".to_string(),
            None => format!(
                "no ko master; external ko threats: Black {}, White {}",
                self.threats[0], self.threats[1]
            ),
        }
    }
}

impl From<Option<Color>> for Ko {
    fn from(master: Option<Color>) -> Ko {
        Ko {
            master,
            threats: [0, 0],
        }
    }
}
