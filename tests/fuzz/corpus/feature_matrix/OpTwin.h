#ifndef CVCUDA_TWIN_H
#define CVCUDA_TWIN_H
/**
 * Adds a constant to every element.
 *
 * Limitations:
 *
 * Input:
 *      Data Layout:    [kNHWC, kNCHW]
 *      Channels:       [1, 3]
 *
 *      Data Type      | Allowed
 *      -------------- | -------------
 *      8bit  Unsigned | Yes
 *      16bit Unsigned | Yes
 *      32bit Float    | Yes
 *
 * Output:
 *      Data Layout:    [kNHWC, kNCHW]
 *      Channels:       [1, 3]
 *
 *      Data Type      | Allowed
 *      -------------- | -------------
 *      8bit  Unsigned | Yes
 *      16bit Unsigned | Yes
 *      32bit Float    | Yes
 */
CVCUDA_PUBLIC NVCVStatus cvcudaTwinSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                          NVCVTensorHandle in, NVCVTensorHandle out);
CVCUDA_PUBLIC NVCVStatus cvcudaTwinVarShapeSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                                  NVCVImageBatchHandle in, NVCVImageBatchHandle out);
#endif
