//! What each technique is worth, the headline of an all-subsets run: a bar per technique
//! with its Shapley value on ln(nodes) as a factor (the nodes with the technique relative to
//! without it, averaged over every combination of the others), and beside it the two
//! one-combination answers the usual ablations give: added to the base alone (circle) and
//! left out of everything (triangle). Below 1 the technique saves nodes.
//!
//! It draws what `shapley` computed.

use super::axis::Axis;
use super::bars::{draw_bars, draw_stacked, segment, Bar, Panel, Unit};
use super::style::{marker, Marker, SeriesStyle};
use super::{titled, Chart};
use crate::report::shapley::Shapley;
use crate::report::tables::sig3;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

const BAR: RGBColor = RGBColor(31, 119, 180);

/// The chart, ready to draw: bars by Shapley value, and each row's add-one and
/// leave-one-out factors.
pub struct Worth {
    subtitle: String,
    x: Axis,
    panel: Panel,
    others: Vec<[f64; 2]>,
}

impl Worth {
    /// The chart of `shapley`, techniques from the biggest saving down.
    pub fn new(shapley: &Shapley, subtitle: &str) -> Worth {
        let k = shapley.techniques.len();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&a, &b| shapley.value_of(a).total_cmp(&shapley.value_of(b)));
        let style = SeriesStyle {
            color: BAR,
            dashed: false,
            marker: Marker::Square,
            width: 2,
        };
        let bars = order
            .iter()
            .map(|&i| Bar {
                label: format!(
                    "{} {}×",
                    shapley.techniques[i].title(),
                    sig3(shapley.value_of(i).exp())
                ),
                ratio: Ok(shapley.value_of(i).exp()),
                style,
            })
            .collect();
        let others: Vec<[f64; 2]> = order
            .iter()
            .map(|&i| [shapley.add_one(i).exp(), shapley.leave_one_out(i).exp()])
            .collect();
        let values = others.iter().flatten().copied();
        let shapleys = order.iter().map(|&i| shapley.value_of(i).exp());
        let x = Axis::log(
            values
                .chain(shapleys)
                .flat_map(|v| [v / 1.6, v * 1.6])
                .chain([1.0]),
        );
        Worth {
            subtitle: format!(
                "{subtitle}\nbar: Shapley value (nodes with ÷ without the technique, \
                 geometric mean over every combination of the others); ●: added to the base \
                 alone; ▲: left out of all"
            ),
            x,
            panel: Panel {
                title: String::new(),
                x_desc: "nodes with the technique relative to without it (log scale; below 1: it saves nodes)".into(),
                bars,
                unit: Unit::Ratio,
                values: false,
            },
            others,
        }
    }
}

impl Chart for Worth {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let area = titled(
            root,
            "What each technique is worth over every combination",
            &self.subtitle,
        )?;
        draw_stacked(area, &[&self.panel], &self.x, |_, panel, chart| {
            draw_bars(chart, panel, &self.x)?;
            let n = panel.bars.len();
            let plot = chart.plotting_area();
            for (k, pair) in self.others.iter().enumerate() {
                let row = SegmentValue::CenterOf(segment(n, k));
                for (value, shape) in pair.iter().zip([Marker::Circle, Marker::Triangle]) {
                    let style = SeriesStyle {
                        color: BLACK,
                        dashed: false,
                        marker: shape,
                        width: 2,
                    };
                    let Some(at) = self.x.place(*value) else {
                        continue;
                    };
                    plot.draw(&marker((at, row.clone()), &style, 12))?;
                }
            }
            Ok(())
        })
    }
}
