#pragma once
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo {

namespace detail {

// Unsigned integers as little-endian limbs in base 10^9, with no high zero limb (zero is empty).
// The base is a power of ten so that decimal digit strings convert by chunking.
using DecimalLimbs = std::vector<std::uint32_t>;
inline constexpr std::uint64_t limb_base = 1000000000;

inline DecimalLimbs limbs_from_digits(std::string_view digits) {
    DecimalLimbs limbs;
    for (std::size_t end = digits.size(); end > 0;) {
        const std::size_t begin = end > 9 ? end - 9 : 0;
        std::uint32_t limb = 0;
        for (std::size_t i = begin; i < end; ++i)
            limb = limb * 10 + static_cast<std::uint32_t>(digits[i] - '0');
        limbs.push_back(limb);
        end = begin;
    }
    while (!limbs.empty() && limbs.back() == 0)
        limbs.pop_back();
    return limbs;
}

inline std::string digits_from_limbs(const DecimalLimbs& limbs) {
    if (limbs.empty())
        return "0";
    std::string out = std::to_string(limbs.back());
    for (std::size_t i = limbs.size() - 1; i-- > 0;) {
        const std::string chunk = std::to_string(limbs[i]);
        out.append(9 - chunk.size(), '0');
        out += chunk;
    }
    return out;
}

inline DecimalLimbs multiply_small(const DecimalLimbs& a, std::uint32_t factor) {
    DecimalLimbs out;
    std::uint64_t carry = 0;
    for (std::uint32_t limb : a) {
        const std::uint64_t p = std::uint64_t(limb) * factor + carry;
        out.push_back(static_cast<std::uint32_t>(p % limb_base));
        carry = p / limb_base;
    }
    if (carry)
        out.push_back(static_cast<std::uint32_t>(carry));
    while (!out.empty() && out.back() == 0)
        out.pop_back();
    return out;
}

inline DecimalLimbs divide_small(const DecimalLimbs& a, std::uint32_t divisor,
                                 std::uint32_t& remainder) {
    DecimalLimbs q(a.size(), 0);
    std::uint64_t rem = 0;
    for (std::size_t i = a.size(); i-- > 0;) {
        const std::uint64_t cur = rem * limb_base + a[i];
        q[i] = static_cast<std::uint32_t>(cur / divisor);
        rem = cur % divisor;
    }
    while (!q.empty() && q.back() == 0)
        q.pop_back();
    remainder = static_cast<std::uint32_t>(rem);
    return q;
}

inline bool limbs_less(const DecimalLimbs& a, const DecimalLimbs& b) {
    if (a.size() != b.size())
        return a.size() < b.size();
    for (std::size_t i = a.size(); i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i];
    return false;
}

// Knuth's algorithm D (TAOCP vol. 2, 4.3.1) in base 10^9: u = q * v + r with 0 <= r < v.
// `v` must be non-zero.
inline void divide_limbs(const DecimalLimbs& u, const DecimalLimbs& v, DecimalLimbs& q,
                         DecimalLimbs& r) {
    if (limbs_less(u, v)) {
        q.clear();
        r = u;
        return;
    }
    const std::size_t n = v.size();
    if (n == 1) {
        std::uint32_t rem = 0;
        q = divide_small(u, v[0], rem);
        r = rem ? DecimalLimbs{rem} : DecimalLimbs{};
        return;
    }
    const std::size_t m = u.size() - n;
    const auto d = static_cast<std::uint32_t>(limb_base / (std::uint64_t(v[n - 1]) + 1));
    DecimalLimbs un = multiply_small(u, d);
    un.resize(m + n + 1, 0);
    DecimalLimbs vn = multiply_small(v, d);
    q.assign(m + 1, 0);
    for (std::size_t j = m + 1; j-- > 0;) {
        const std::uint64_t num = std::uint64_t(un[j + n]) * limb_base + un[j + n - 1];
        std::uint64_t qhat = num / vn[n - 1];
        std::uint64_t rhat = num % vn[n - 1];
        while (qhat >= limb_base || qhat * vn[n - 2] > rhat * limb_base + un[j + n - 2]) {
            --qhat;
            rhat += vn[n - 1];
            if (rhat >= limb_base)
                break;
        }
        std::uint64_t carry = 0;
        std::int64_t borrow = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t p = qhat * vn[i] + carry;
            carry = p / limb_base;
            std::int64_t t = std::int64_t(un[i + j]) - std::int64_t(p % limb_base) - borrow;
            borrow = t < 0;
            un[i + j] = static_cast<std::uint32_t>(t < 0 ? t + std::int64_t(limb_base) : t);
        }
        const std::int64_t top = std::int64_t(un[j + n]) - std::int64_t(carry) - borrow;
        if (top < 0) { // qhat was one too large: add v back
            --qhat;
            std::uint64_t sum_carry = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint64_t s = std::uint64_t(un[i + j]) + vn[i] + sum_carry;
                un[i + j] = static_cast<std::uint32_t>(s % limb_base);
                sum_carry = s / limb_base;
            }
            un[j + n] = static_cast<std::uint32_t>(top + std::int64_t(sum_carry));
        } else {
            un[j + n] = static_cast<std::uint32_t>(top);
        }
        q[j] = static_cast<std::uint32_t>(qhat);
    }
    while (!q.empty() && q.back() == 0)
        q.pop_back();
    un.resize(n);
    while (!un.empty() && un.back() == 0)
        un.pop_back();
    std::uint32_t ignored = 0;
    r = divide_small(un, d, ignored);
}

inline std::string add_digit_strings(std::string_view a, std::string_view b) {
    std::string out;
    int carry = 0;
    for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry; ++i) {
        int s = carry;
        if (i < a.size())
            s += a[a.size() - 1 - i] - '0';
        if (i < b.size())
            s += b[b.size() - 1 - i] - '0';
        out += static_cast<char>('0' + s % 10);
        carry = s / 10;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

// a - b for a >= b, both without leading zeros.
inline std::string subtract_digit_strings(std::string_view a, std::string_view b) {
    std::string out;
    int borrow = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        int s = (a[a.size() - 1 - i] - '0') - borrow;
        if (i < b.size())
            s -= b[b.size() - 1 - i] - '0';
        borrow = s < 0;
        out += static_cast<char>('0' + (s + 10) % 10);
    }
    while (out.size() > 1 && out.back() == '0')
        out.pop_back();
    std::reverse(out.begin(), out.end());
    return out;
}

inline int compare_digit_strings(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    const int c = a.compare(b);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// The digit string plus one: "0999" -> "1000"; one digit longer only when every digit was 9.
inline std::string increment_digit_string(std::string digits) {
    for (std::size_t i = digits.size(); i-- > 0;) {
        if (digits[i] != '9') {
            ++digits[i];
            return digits;
        }
        digits[i] = '0';
    }
    return "1" + digits;
}

inline std::string strip_leading_zeros(std::string digits) {
    const std::size_t first = digits.find_first_not_of('0');
    return first == std::string::npos ? "0" : digits.substr(first);
}

} // namespace detail

// An exact decimal number with Python `decimal.Decimal` semantics where summaries need them:
// construction from text is exact, and +, - and / round to 28 significant digits with
// ROUND_HALF_EVEN as Python's default context does. Summary statistics are then rounded with
// ROUND_HALF_UP to two places, so a tie such as 1.005 becomes 1.01 exactly as the reference
// prints it — binary floating point cannot reproduce that.
class Decimal {
public:
    static constexpr int context_precision = 28;
    // Python's default context: adjusted exponents beyond this overflow or underflow.
    static constexpr long max_adjusted_exponent = 999999;

    Decimal() = default; // zero

    // Python's Decimal(text) for finite values: [sign] digits [. digits] [e [sign] digits], with
    // at least one digit in the mantissa, ASCII only. nullopt for anything else, for NaN and
    // Infinity, and for values whose adjusted exponent lies outside ±999999.
    static std::optional<Decimal> parse(std::string_view text) {
        Decimal d;
        std::size_t i = 0;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            d.negative_ = text[i++] == '-';
        std::string digits;
        std::size_t fraction_digits = 0;
        bool point = false;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (c >= '0' && c <= '9') {
                digits += c;
                fraction_digits += point;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits.empty())
            return std::nullopt;
        long long exponent = 0;
        if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
            ++i;
            bool exponent_negative = false;
            if (i < text.size() && (text[i] == '+' || text[i] == '-'))
                exponent_negative = text[i++] == '-';
            const std::size_t start = i;
            for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
                if (exponent < 10'000'000'000LL)
                    exponent = exponent * 10 + (text[i] - '0');
            if (i == start)
                return std::nullopt;
            if (exponent_negative)
                exponent = -exponent;
        }
        if (i != text.size())
            return std::nullopt;
        d.digits_ = detail::strip_leading_zeros(std::move(digits));
        const long long exp = exponent - static_cast<long long>(fraction_digits);
        const long long adjusted = exp + static_cast<long long>(d.digits_.size()) - 1;
        if (adjusted > max_adjusted_exponent || adjusted < -max_adjusted_exponent)
            return std::nullopt;
        d.exponent_ = static_cast<long>(exp);
        return d;
    }

    // Decimal(str(value)) in Python: the shortest round-trip digits of a finite double, with
    // the exponent repr() implies (repr writes "20.0", so 20.0 is 200 × 10^-1).
    static std::optional<Decimal> from_double(double value) {
        if (!std::isfinite(value))
            return std::nullopt;
        char buf[64];
        const auto res =
            std::to_chars(buf, buf + sizeof buf - 1, value, std::chars_format::scientific);
        *res.ptr = '\0'; // strtol below reads the exponent up to here
        const std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
        const std::size_t e = sci.find('e');
        Decimal d;
        d.negative_ = sci.front() == '-';
        d.digits_.clear();
        for (char c : sci.substr(0, e))
            if (c >= '0' && c <= '9')
                d.digits_ += c;
        const long first_digit_exponent = std::strtol(buf + e + 1, nullptr, 10);
        d.exponent_ = first_digit_exponent - static_cast<long>(d.digits_.size()) + 1;
        // repr() uses fixed notation for exponents in [-4, 16) and ends integral values in ".0".
        if (first_digit_exponent >= -4 && first_digit_exponent < 16 && d.exponent_ >= 0) {
            d.digits_.append(std::size_t(d.exponent_) + 1, '0');
            d.exponent_ = -1;
        }
        d.digits_ = detail::strip_leading_zeros(std::move(d.digits_));
        return d;
    }

    static Decimal from_integer(long long value) {
        const bool negative = value < 0;
        const unsigned long long magnitude =
            negative ? 0ULL - static_cast<unsigned long long>(value) : value;
        return value == 0 ? Decimal{} : Decimal{negative, std::to_string(magnitude), 0};
    }

    bool is_zero() const noexcept { return digits_.size() == 1 && digits_[0] == '0'; }
    bool is_negative() const noexcept { return negative_ && !is_zero(); }
    // The exponent of the leading digit (Python's adjusted()): 123.4 -> 2.
    long adjusted_exponent() const noexcept {
        return exponent_ + static_cast<long>(digits_.size()) - 1;
    }

    friend int compare(const Decimal& a, const Decimal& b) {
        if (a.is_zero() || b.is_zero()) {
            const int sa = a.is_zero() ? 0 : (a.negative_ ? -1 : 1);
            const int sb = b.is_zero() ? 0 : (b.negative_ ? -1 : 1);
            return sa < sb ? -1 : (sa > sb ? 1 : 0);
        }
        if (a.negative_ != b.negative_)
            return a.negative_ ? -1 : 1;
        const int magnitude = compare_magnitude(a, b);
        return a.negative_ ? -magnitude : magnitude;
    }
    friend bool operator==(const Decimal& a, const Decimal& b) { return compare(a, b) == 0; }
    friend bool operator!=(const Decimal& a, const Decimal& b) { return compare(a, b) != 0; }
    friend bool operator<(const Decimal& a, const Decimal& b) { return compare(a, b) < 0; }
    friend bool operator>(const Decimal& a, const Decimal& b) { return compare(a, b) > 0; }
    friend bool operator<=(const Decimal& a, const Decimal& b) { return compare(a, b) <= 0; }
    friend bool operator>=(const Decimal& a, const Decimal& b) { return compare(a, b) >= 0; }

    Decimal operator-() const { return Decimal{!negative_, digits_, exponent_}; }

    friend Decimal operator+(const Decimal& a, const Decimal& b) {
        const long exp = std::min(a.exponent_, b.exponent_);
        if (a.is_zero() && b.is_zero())
            return Decimal{a.negative_ && b.negative_, "0", exp};
        if (a.is_zero() || b.is_zero()) // Python rescales the other operand to the smaller exponent
            return round_to_context(
                (a.is_zero() ? b : a)
                    .rescaled_down(
                        std::max(exp, (a.is_zero() ? b : a).exponent_ - context_precision - 1)));
        const auto [hi, lo] = shrink_far_operand(a, b);
        const long aligned = std::min(hi.exponent_, lo.exponent_);
        const std::string x = hi.digits_ + std::string(std::size_t(hi.exponent_ - aligned), '0');
        const std::string y = lo.digits_ + std::string(std::size_t(lo.exponent_ - aligned), '0');
        if (hi.negative_ == lo.negative_)
            return round_to_context(
                Decimal{hi.negative_, detail::add_digit_strings(x, y), aligned});
        const int order = detail::compare_digit_strings(x, y);
        if (order == 0)
            return Decimal{false, "0", exp};
        return order > 0 ? round_to_context(
                               Decimal{hi.negative_, detail::subtract_digit_strings(x, y), aligned})
                         : round_to_context(Decimal{lo.negative_,
                                                    detail::subtract_digit_strings(y, x), aligned});
    }
    friend Decimal operator-(const Decimal& a, const Decimal& b) { return a + (-b); }

    // Python's Decimal division: the quotient correctly rounded to 28 significant digits.
    // The divisor must not be zero.
    friend Decimal operator/(const Decimal& a, const Decimal& b) {
        const bool negative = a.negative_ != b.negative_;
        if (a.is_zero())
            return Decimal{negative, "0", a.exponent_ - b.exponent_};
        // Enough quotient digits (29 or 30) for the sticky-digit rounding below.
        const long shift = static_cast<long>(b.digits_.size()) -
                           static_cast<long>(a.digits_.size()) + context_precision + 1;
        bool inexact = false;
        std::string quotient = a.digits_.size() <= 18 && b.digits_.size() <= 18
                                   ? short_quotient(a.digits_, b.digits_, shift, inexact)
                                   : long_quotient(a.digits_, b.digits_, shift, inexact);
        long exp = a.exponent_ - b.exponent_ - shift;
        if (inexact) {
            // An inexact quotient ending in 0 or 5 would look like an exact tie to the rounding
            // below; nudging its last digit (as Python does) keeps the rounding correct.
            if (quotient.back() == '0' || quotient.back() == '5')
                ++quotient.back();
        } else {
            // Exact: drop trailing zeros down to the ideal exponent, so str() matches Python.
            const long ideal = a.exponent_ - b.exponent_;
            while (exp < ideal && quotient.size() > 1 && quotient.back() == '0') {
                quotient.pop_back();
                ++exp;
            }
        }
        return round_to_context(Decimal{negative, std::move(quotient), exp});
    }

    // Python's quantize(Decimal(10) ** -places, rounding=ROUND_HALF_UP): ties go away from zero.
    Decimal rounded_half_up(int places) const {
        const long target = -places;
        if (is_zero())
            return Decimal{negative_, "0", target};
        if (exponent_ >= target)
            return Decimal{negative_, digits_ + std::string(std::size_t(exponent_ - target), '0'),
                           target};
        const std::size_t drop = std::size_t(target - exponent_);
        if (drop > digits_.size())
            return Decimal{negative_, "0", target};
        std::string kept = digits_.substr(0, digits_.size() - drop);
        if (kept.empty())
            kept = "0";
        if (digits_[digits_.size() - drop] >= '5')
            kept = detail::increment_digit_string(kept);
        return Decimal{negative_, detail::strip_leading_zeros(kept), target};
    }

    // The value rounded half-up to `places` decimals in fixed notation, never "-0.00".
    std::string fixed(int places) const {
        const Decimal r = rounded_half_up(places);
        std::string digits = r.digits_;
        if (digits.size() <= std::size_t(places))
            digits.insert(0, std::size_t(places) + 1 - digits.size(), '0');
        std::string out = r.is_negative() ? "-" : "";
        out += digits.substr(0, digits.size() - std::size_t(places));
        if (places > 0)
            out += "." + digits.substr(digits.size() - std::size_t(places));
        return out;
    }

    // Python's str() for the values summaries print: plain digits, exponent notation only
    // where Python uses it (exponent > 0 or adjusted < -6).
    std::string str() const {
        const std::string sign = negative_ ? "-" : "";
        const long adjusted = adjusted_exponent();
        if (exponent_ <= 0 && adjusted >= -6) {
            if (exponent_ == 0)
                return sign + digits_;
            const std::size_t fraction = std::size_t(-exponent_);
            std::string padded = digits_;
            if (padded.size() <= fraction)
                padded.insert(0, fraction + 1 - padded.size(), '0');
            return sign + padded.substr(0, padded.size() - fraction) + "." +
                   padded.substr(padded.size() - fraction);
        }
        std::string mantissa = digits_.substr(0, 1);
        if (digits_.size() > 1)
            mantissa += "." + digits_.substr(1);
        return sign + mantissa + "E" + (adjusted >= 0 ? "+" : "") + std::to_string(adjusted);
    }

private:
    Decimal(bool negative, std::string digits, long exponent)
        : negative_(negative), digits_(std::move(digits)), exponent_(exponent) {}

    static int compare_magnitude(const Decimal& a, const Decimal& b) {
        if (a.adjusted_exponent() != b.adjusted_exponent())
            return a.adjusted_exponent() < b.adjusted_exponent() ? -1 : 1;
        // Same leading exponent: compare digit by digit, the shorter padded with zeros.
        const std::size_t width = std::max(a.digits_.size(), b.digits_.size());
        for (std::size_t i = 0; i < width; ++i) {
            const char x = i < a.digits_.size() ? a.digits_[i] : '0';
            const char y = i < b.digits_.size() ? b.digits_[i] : '0';
            if (x != y)
                return x < y ? -1 : 1;
        }
        return 0;
    }

    // Python's _normalize: an operand far below the other's precision only matters as a
    // "sticky" digit for rounding, so it is replaced by a single digit there. This keeps the
    // aligned strings short without changing the correctly rounded sum.
    static std::pair<Decimal, Decimal> shrink_far_operand(const Decimal& a, const Decimal& b) {
        Decimal hi = a.exponent_ >= b.exponent_ ? a : b;
        Decimal lo = a.exponent_ >= b.exponent_ ? b : a;
        const long limit = hi.exponent_ + std::min(-1L, static_cast<long>(hi.digits_.size()) -
                                                            context_precision - 2);
        if (lo.adjusted_exponent() < limit)
            lo = Decimal{lo.negative_, "1", limit};
        return {hi, lo};
    }

    // The same value with a smaller exponent (more trailing zeros).
    Decimal rescaled_down(long exponent) const {
        if (exponent >= exponent_)
            return *this;
        return Decimal{negative_, digits_ + std::string(std::size_t(exponent_ - exponent), '0'),
                       exponent};
    }

    // floor(u * 10^shift / v) as digits, for coefficients below 10^18 and shift > 0 (always
    // so for those): schoolbook division in 64-bit chunks of digits. No big-integer work and
    // few allocations, which matters for summaries of thousands of cases.
    static std::string short_quotient(std::string_view u, std::string_view v, long shift,
                                      bool& inexact) {
        const auto value = [](std::string_view digits) {
            std::uint64_t n = 0;
            for (char c : digits)
                n = n * 10 + std::uint64_t(c - '0');
            return n;
        };
        const std::uint64_t divisor = value(v);
        std::uint64_t remainder = value(u);
        std::string q = std::to_string(remainder / divisor);
        remainder %= divisor;
        q.reserve(q.size() + std::size_t(shift));
        // remainder < divisor < 10^|v|, so a chunk of 19 - |v| digits keeps it below 10^19.
        const long chunk = std::max(1L, 19 - static_cast<long>(v.size()));
        for (long left = shift; left > 0;) {
            const long digits = std::min(chunk, left);
            std::uint64_t scale = 1;
            for (long i = 0; i < digits; ++i)
                scale *= 10;
            remainder *= scale;
            const std::string part = std::to_string(remainder / divisor);
            q.append(std::size_t(digits) - part.size(), '0');
            q += part;
            remainder %= divisor;
            left -= digits;
        }
        inexact = remainder != 0;
        return detail::strip_leading_zeros(std::move(q));
    }

    // floor(u * 10^shift / v) (or floor(u / (v * 10^-shift))) as digits, for any sizes.
    static std::string long_quotient(const std::string& u, const std::string& v, long shift,
                                     bool& inexact) {
        std::string numerator = u;
        std::string denominator = v;
        if (shift >= 0)
            numerator.append(std::size_t(shift), '0');
        else
            denominator.append(std::size_t(-shift), '0');
        detail::DecimalLimbs q, r;
        detail::divide_limbs(detail::limbs_from_digits(numerator),
                             detail::limbs_from_digits(denominator), q, r);
        inexact = !r.empty();
        return detail::digits_from_limbs(q);
    }

    // Rounds the coefficient to 28 significant digits, ROUND_HALF_EVEN.
    static Decimal round_to_context(Decimal d) {
        std::string& digits = d.digits_;
        if (digits.size() <= std::size_t(context_precision))
            return d;
        const std::size_t drop = digits.size() - context_precision;
        const std::string_view rest = std::string_view(digits).substr(context_precision);
        int versus_half = rest[0] < '5' ? -1 : (rest[0] > '5' ? 1 : 0);
        if (versus_half == 0 && rest.find_first_not_of('0', 1) != std::string_view::npos)
            versus_half = 1;
        digits.resize(context_precision);
        const bool round_up = versus_half > 0 || (versus_half == 0 && (digits.back() - '0') % 2);
        d.exponent_ += static_cast<long>(drop);
        if (round_up) {
            digits = detail::increment_digit_string(std::move(digits));
            if (digits.size() > std::size_t(context_precision)) {
                digits.pop_back();
                ++d.exponent_;
            }
        }
        return d;
    }

    bool negative_ = false;
    std::string digits_ = "0"; // the coefficient, without leading zeros
    long exponent_ = 0;
};

} // namespace odo
