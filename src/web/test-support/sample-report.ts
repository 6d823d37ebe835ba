import type { AnalysisReport } from "../../contracts/stock-summary";

/** A full report as the engine writes it (generated from the engine's VCP fixture), for web tests. */
const SAMPLE: AnalysisReport = {
  "stock_summary": {
    "ticker": "NVDA",
    "current_metrics": {
      "price": 97.5,
      "volume": 500000,
      "fifty_two_week": {
        "high": 100.4,
        "low": 49.7
      }
    },
    "recommendation": {
      "action": "BUY",
      "triggers": [
        "8 of 8 Trend Template criteria pass: price 97.50 is above the 50-day EMA (92.95) and above the 150-day (83.24) and 200-day (77.56) EMAs.",
        "Relative strength rating 88: stronger than 87% of the market, measured against the benchmark.",
        "VCP of 9 weeks, 20.6% deep, after a prior advance of 80.1%; pivot 98.99.",
        "Current-quarter EPS up 50.0% year over year, accelerating.",
        "Institutional sponsorship rising: 1,260 institutional holders, +4.7% on the quarter.",
        "The market is in a confirmed uptrend (0 distribution days in 25 sessions).",
        "Needed for a buy: Still 1.5% below the 98.99 pivot: the base has not broken out."
      ],
      "risk_factors": [
        "Missing evidence: sector performance."
      ],
      "risk_management": "If it triggers, buy between 98.99 and 103.94; stop 92.27 (just under the 93.20 support low, tighter than the 8% rule), a risk of 6.8% per share. To lose no more than 1.0% of the account on a stop-out, keep the position to 14.7% of the account. Take profits near 123.74 (+25.0%)."
    },
    "trade_setup": {
      "buy_point": 98.99,
      "target_price": 123.74,
      "stop_loss": 92.27,
      "setup_type": "VCP"
    },
    "technical_analysis": {
      "moving_averages": {
        "ema_50": 92.95,
        "ema_150": 83.24,
        "ema_200": 77.56
      },
      "trend": "Strong Bullish (Trend Template 8/8)",
      "distance_from_52_week_high": -0.0289,
      "volume_analysis": "Volume of 500,000 shares is 0.5× the 50-day average. The last 10 sessions averaged 0.6× the 50-day average (drying up). Up/down volume over 50 sessions is 1.22 (accumulation).",
      "volatility_pattern": "3 contractions: 21% → 11% → 6%, volume dry-up 0.60. ATR(14) is 2.0% of the price.",
      "technical_setup": "VCP",
      "technical_setup_trigger": "Close above 98.99 on volume above 1.5× average (now 1.5% below the pivot).",
      "technical_setup_trigger_key_triggers": [
        "A close above the 98.99 pivot.",
        "Volume of at least 1.5× the 50-day average (about 1,380,000 shares).",
        "The market (confirmed uptrend) must not fall into a correction."
      ],
      "technical_setup_trigger_risk_factors": [
        "A close below 93.20 (the last contraction's low) breaks the pattern.",
        "The base is 20.6% deep over 9 weeks."
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
      "industry_position": "RS rating 88 in Software: a leader, with a 3-month return of +5.9%.",
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
      "market_conditions": "The benchmark closed at 360.00, +1.6% versus its 50-day EMA (354.25); its 200-day EMA (337.52) is rising; 0 distribution days in the last 25 sessions.",
      "technical_risks": "Price is 2.9% below its 52-week high (100.40) and 96.2% above its 52-week low (49.70); 4.9% above the 50-day EMA; daily ATR 2.0% of the price.",
      "setup_risks": "VCP 20.6% deep over 9 weeks; a close below 93.20 invalidates it. The stop at 92.27 is 6.8% under the buy point."
    }
  },
  "meta": {
    "engine_version": "1.0.0",
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
          "label": "Price above the 150-day and 200-day EMAs",
          "passed": true,
          "values": {
            "price": 97.5,
            "ema_150": 83.2409,
            "ema_200": 77.5605
          }
        },
        {
          "id": 2,
          "label": "150-day EMA above the 200-day EMA",
          "passed": true,
          "values": {
            "ema_150": 83.2409,
            "ema_200": 77.5605
          }
        },
        {
          "id": 3,
          "label": "200-day EMA rising for at least 21 sessions",
          "passed": true,
          "values": {
            "ema_200": 77.5605,
            "ema_200_earlier": 73.6292
          }
        },
        {
          "id": 4,
          "label": "50-day EMA above the 150-day and 200-day EMAs",
          "passed": true,
          "values": {
            "ema_50": 92.9462,
            "ema_150": 83.2409,
            "ema_200": 77.5605
          }
        },
        {
          "id": 5,
          "label": "Price above the 50-day EMA",
          "passed": true,
          "values": {
            "price": 97.5,
            "ema_50": 92.9462
          }
        },
        {
          "id": 6,
          "label": "Price at least 30% above the 52-week low",
          "passed": true,
          "values": {
            "price": 97.5,
            "low_52_week": 49.7004
          }
        },
        {
          "id": 7,
          "label": "Price within 25% of the 52-week high",
          "passed": true,
          "values": {
            "price": 97.5,
            "high_52_week": 100.4
          }
        },
        {
          "id": 8,
          "label": "Relative strength rating of 70 or more",
          "passed": true,
          "values": {
            "rs_rating": 88
          }
        }
      ]
    },
    "rs_rating": 88,
    "rs_score": 0.4763,
    "base": {
      "type": "VCP",
      "start_date": "2026-09-21",
      "weeks": 9,
      "depth": 0.2064,
      "pivot": 98.99,
      "buy_range_high": 103.94,
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
