/// The value axis's ticks: a step of 1, 2 or 5 × 10^k units, and the range of tick indices (a
/// tick's value is its index times the step), kept as whole numbers so that a tick reads 0.3,
/// not 0.30000000000000004.
struct ChartTicks {
  struct Step {
    /// 1, 2 or 5.
    var mantissa: Int
    var exponent: Int

    /// 10^|exponent|, exact as a double for the exponents a step can have (within ±22).
    var power: Double {
      var p = 1.0
      for _ in 0..<abs(exponent) { p *= 10 }
      return p
    }

    var value: Double { exponent >= 0 ? Double(mantissa) * power : Double(mantissa) / power }

    /// The value of tick `index`, rounded as the decimal it is.
    func value(at index: Int) -> Double {
      exponent >= 0 ? Double(index * mantissa) * power : Double(index * mantissa) / power
    }
  }

  var step: Step
  var lowIndex: Int
  var highIndex: Int

  var count: Int { highIndex - lowIndex + 1 }

  /// The smallest step of 1, 2 or 5 × 10^k units that is at least `minimumPoints` points at
  /// `valueScale` points a unit.
  static func step(minimumPoints: Double, valueScale: Double) -> Step {
    let wanted = minimumPoints / valueScale
    // The power of ten at or below `wanted`: within 1e-4...1e9 by the options' ranges.
    var exponent = 0
    var power = 1.0
    while power * 10 <= wanted, exponent < 22 {
      power *= 10
      exponent += 1
    }
    while power > wanted, exponent > -22 {
      power /= 10
      exponent -= 1
    }
    for mantissa in [1, 2, 5] {
      let step = Step(mantissa: mantissa, exponent: exponent)
      if step.value >= wanted * (1 - 1e-12) { return step }
    }
    return Step(mantissa: 1, exponent: exponent + 1)
  }
}
