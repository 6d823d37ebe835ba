import type { AnalysisReport } from "../../contracts/stock-summary";

/**
 * A full report as the engine writes it, for web tests: method v2 (engine 2.0.0) on the engine's VCP
 * fixture with a breakout day on 2.5× volume (src/core/analysis/test-fixtures.ts, `vcp().day(0.035, 2.5)`),
 * rated against SPY. A BUY is a breakout inside its buy window and buy range.
 */
const SAMPLE: AnalysisReport = {
  "stock_summary": {
    "ticker": "NVDA",
    "current_metrics": {
      "price": 100.91,
      "volume": 2500000,
      "fifty_two_week": {
        "high": 101.32,
        "low": 49.7
      }
    },
    "recommendation": {
      "action": "BUY",
      "triggers": [
        "8 of 8 Trend Template criteria pass: price 100.91 is above the 50-day SMA (92.97) and above the 150-day (83.55) and 200-day (76.53) SMAs.",
        "Relative strength rating 92 vs SPY: its weighted 12-month return is 42.4 points above SPY's.",
        "VCP of 9 weeks, 20.6% deep, after a prior advance of 80.1%; pivot 99.50.",
        "Broke out on 2026-11-20 on 2.7× average volume; closed 1.4% above the 99.50 pivot.",
        "Current-quarter EPS up 50.0% year over year, accelerating.",
        "Institutional sponsorship rising: 1,260 institutional holders, +4.7% on the quarter.",
        "The market is in a confirmed uptrend (0 distribution days in 25 sessions)."
      ],
      "risk_factors": [
        "Simulated demo data: NVDA is not a real listing and these are not real prices.",
        "Missing evidence: sector performance — the buy rests on the rest of the evidence."
      ],
      "risk_management": "Buy between 99.50 and 104.47 (after an open under 99.50, only once it trades back up to it); stop 95.08 (just under the 96.04 support low, tighter than the 8% rule), a risk of 4.4% per share. To lose no more than 1.0% of the account on a stop-out, keep the position to 22.5% of the account. Take profits near 124.37 (+25.0%)."
    },
    "trade_setup": {
      "buy_point": 99.5,
      "target_price": 124.37,
      "stop_loss": 95.08,
      "setup_type": "VCP"
    },
    "technical_analysis": {
      "moving_averages": {
        "ema_50": 93.26,
        "ema_150": 83.47,
        "ema_200": 77.79
      },
      "trend": "Strong Bullish (Trend Template 8/8)",
      "distance_from_52_week_high": -0.004,
      "volume_analysis": "Volume of 2,500,000 shares is 2.7× the 50-day average. The last 10 sessions averaged 0.7× the 50-day average (drying up). Up/down volume over 50 sessions is 1.29 (accumulation).",
      "volatility_pattern": "3 contractions: 21% → 11% → 6%, volume dry-up 0.60. ATR(14) is 2.1% of the price.",
      "technical_setup": "Breakout",
      "technical_setup_trigger": "Broke out above the 99.50 pivot on 2026-11-20 on 2.7× average volume; now 1.4% above it, buyable up to 104.47 (the buy window stays open 4 more sessions).",
      "technical_setup_trigger_key_triggers": [
        "Stay inside the buy range 99.50–104.47.",
        "Volume of at least 1.5× the 50-day average (about 1,365,000 shares).",
        "The market (confirmed uptrend) must not fall into a correction."
      ],
      "technical_setup_trigger_risk_factors": [
        "A close below 95.08 (the stop, just under the last contraction's low of 96.04) breaks the setup.",
        "A close back below the 99.50 pivot would mark a failed breakout."
      ]
    },
    "fundamental_analysis": {
      "quarterly_eps_growth": [
        0.5,
        0.4286,
        0.36
      ],
      "quarterly_eps_growth_trend": "Accelerating: +36.0% → +42.9% → +50.0% year over year (oldest to newest). The current quarter passes the 20% rule and IBD's 25%.",
      "annual_growth_trend": "Strong: EPS grew 32.7% a year, from 4.20 (2023) to 7.40 (2025).",
      "industry_position": "Relative strength rating 92 vs SPY: its weighted 12-month return is 42.4 points above SPY's (Semiconductors): ahead of SPY, with a 3-month return of +9.1%.",
      "sector_performance": "N/A: no sector index data for Technology."
    },
    "institutional_ownership": {
      "institutional_ownership": 0.72,
      "institutional_ownership_trend": "Increasing: 1,260 institutional holders, +4.7% on the quarter"
    },
    "market_analysis": {
      "market_sentiment": "Bullish: the benchmark is 1.6% above its 50-day EMA with 0 distribution days in 25 sessions.",
      "market_trend": "Confirmed uptrend (trending up)."
    },
    "risk_assessment": {
      "market_conditions": "Based on simulated demo data, not real market prices. The benchmark closed at 360.00, +1.6% versus its 50-day EMA (354.27); its 200-day EMA (337.60) is rising; 0 distribution days in the last 25 sessions.",
      "technical_risks": "Price is 0.4% below its 52-week high (101.32) and 103.0% above its 52-week low (49.70); 8.2% above the 50-day EMA; daily ATR 2.1% of the price.",
      "setup_risks": "VCP 20.6% deep over 9 weeks; a close below 79.68 (its low) invalidates it. The stop at 95.08 is 4.4% under the buy point."
    }
  },
  "meta": {
    "engine_version": "2.0.0",
    "generated_at": "2026-11-22T00:00:00.000Z",
    "as_of": "2026-11-20",
    "data_source": "demo",
    "demo": true,
    "currency": null,
    "stale_data": false,
    "narrator": "rules",
    "company": {
      "name": "NVIDIA Corporation",
      "sector": "Technology",
      "industry": "Semiconductors"
    },
    "trend_template": {
      "score": 8,
      "criteria": [
        {
          "id": 1,
          "label": "Price above the 150-day and 200-day SMAs",
          "passed": true,
          "values": {
            "price": 100.9125,
            "sma_150": 83.5542,
            "sma_200": 76.5304
          }
        },
        {
          "id": 2,
          "label": "150-day SMA above the 200-day SMA",
          "passed": true,
          "values": {
            "sma_150": 83.5542,
            "sma_200": 76.5304
          }
        },
        {
          "id": 3,
          "label": "200-day SMA rising for at least 21 sessions",
          "passed": true,
          "values": {
            "sma_200": 76.5304,
            "sma_200_earlier": 71.8412
          }
        },
        {
          "id": 4,
          "label": "50-day SMA above the 150-day and 200-day SMAs",
          "passed": true,
          "values": {
            "sma_50": 92.9716,
            "sma_150": 83.5542,
            "sma_200": 76.5304
          }
        },
        {
          "id": 5,
          "label": "Price above the 50-day SMA",
          "passed": true,
          "values": {
            "price": 100.9125,
            "sma_50": 92.9716
          }
        },
        {
          "id": 6,
          "label": "Price at least 30% above the 52-week low",
          "passed": true,
          "values": {
            "price": 100.9125,
            "low_52_week": 49.7004
          }
        },
        {
          "id": 7,
          "label": "Price within 25% of the 52-week high",
          "passed": true,
          "values": {
            "price": 100.9125,
            "high_52_week": 101.3161
          }
        },
        {
          "id": 8,
          "label": "Relative strength rating of 70 or more",
          "passed": true,
          "values": {
            "rs_rating": 92
          }
        }
      ]
    },
    "rs_rating": 92,
    "rs_score": 0.5212,
    "base": {
      "type": "VCP",
      "start_date": "2026-09-18",
      "weeks": 9,
      "depth": 0.2064,
      "pivot": 99.5,
      "buy_range_high": 104.47,
      "contractions": [
        0.2064,
        0.1072,
        0.0576
      ]
    },
    "missing_evidence": [
      "sector performance"
    ]
  }
};

/** A fresh deep copy of the sample report, for `ticker`. */
export function sampleReport(ticker = "NVDA"): AnalysisReport {
  const copy = structuredClone(SAMPLE);
  copy.stock_summary.ticker = ticker;
  return copy;
}
