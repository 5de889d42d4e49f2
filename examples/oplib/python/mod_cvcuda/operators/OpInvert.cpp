// SPDX-License-Identifier: Apache-2.0
#include "Operators.hpp"

#include <cvcuda/OpInvert.hpp>

namespace cvcudapy {
namespace {
Tensor InvertInto(Tensor& output, Tensor& input, std::optional<Stream> pstream) {
    cvcuda::Invert{}(pstream.value_or(nullptr), input, output);
    return output;
}

Tensor Invert(Tensor& input, std::optional<Stream> pstream) {
    Tensor output = EmptyLike(input);
    return InvertInto(output, input, pstream);
}

ImageBatchVarShape InvertVarShapeInto(ImageBatchVarShape& output, ImageBatchVarShape& input,
                                      std::optional<Stream> pstream) {
    cvcuda::Invert{}(pstream.value_or(nullptr), input, output);
    return output;
}

ImageBatchVarShape InvertVarShape(ImageBatchVarShape& input, std::optional<Stream> pstream) {
    ImageBatchVarShape output = EmptyLike(input);
    return InvertVarShapeInto(output, input, pstream);
}
} // namespace

void ExportOpInvert(py::module& m) {
    using namespace py::literals;
    m.def("invert", &Invert, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("invert_into", &InvertInto, "dst"_a, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("invert", &InvertVarShape, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("invert_into", &InvertVarShapeInto, "dst"_a, "src"_a, py::kw_only(),
          "stream"_a = nullptr);
}
} // namespace cvcudapy
