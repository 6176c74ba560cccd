// A GPT training step (1 block, hidden 2048, 16 heads, seq 64, batch 8, vocab 128; loss, backward, Adam) for
// the README's quick start; written by
//   python examples/generate_zoo.py --only gpt_train_step --layers 1 --hidden 2048 --heads 16 --seq 64 \
//       --out examples/large --tag h2048 --variants pretty
module @jit_gpt_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8192xf32>, %arg1: tensor<2048xf32>, %arg2: tensor<2048xf32>, %arg3: tensor<2048xf32>, %arg4: tensor<2048xf32>, %arg5: tensor<2048xf32>, %arg6: tensor<2048x8192xf32>, %arg7: tensor<8192x2048xf32>, %arg8: tensor<2048x2048xf32>, %arg9: tensor<2048x2048xf32>, %arg10: tensor<2048x2048xf32>, %arg11: tensor<2048x2048xf32>, %arg12: tensor<2048xf32>, %arg13: tensor<2048xf32>, %arg14: tensor<64x2048xf32>, %arg15: tensor<128x2048xf32>, %arg16: tensor<8192xf32>, %arg17: tensor<2048xf32>, %arg18: tensor<2048xf32>, %arg19: tensor<2048xf32>, %arg20: tensor<2048xf32>, %arg21: tensor<2048xf32>, %arg22: tensor<2048x8192xf32>, %arg23: tensor<8192x2048xf32>, %arg24: tensor<2048x2048xf32>, %arg25: tensor<2048x2048xf32>, %arg26: tensor<2048x2048xf32>, %arg27: tensor<2048x2048xf32>, %arg28: tensor<2048xf32>, %arg29: tensor<2048xf32>, %arg30: tensor<64x2048xf32>, %arg31: tensor<128x2048xf32>, %arg32: tensor<8192xf32>, %arg33: tensor<2048xf32>, %arg34: tensor<2048xf32>, %arg35: tensor<2048xf32>, %arg36: tensor<2048xf32>, %arg37: tensor<2048xf32>, %arg38: tensor<2048x8192xf32>, %arg39: tensor<8192x2048xf32>, %arg40: tensor<2048x2048xf32>, %arg41: tensor<2048x2048xf32>, %arg42: tensor<2048x2048xf32>, %arg43: tensor<2048x2048xf32>, %arg44: tensor<2048xf32>, %arg45: tensor<2048xf32>, %arg46: tensor<64x2048xf32>, %arg47: tensor<128x2048xf32>, %arg48: tensor<i32>, %arg49: tensor<8x64xi32>, %arg50: tensor<8x64xi32>) -> (tensor<8192xf32> {jax.result_info = "result[0]['blocks'][0]['b_in']"}, tensor<2048xf32> {jax.result_info = "result[0]['blocks'][0]['b_out']"}, tensor<2048xf32> {jax.result_info = "result[0]['blocks'][0]['ln1_bias']"}, tensor<2048xf32> {jax.result_info = "result[0]['blocks'][0]['ln1_scale']"}, tensor<2048xf32> {jax.result_info = "result[0]['blocks'][0]['ln2_bias']"}, tensor<2048xf32> {jax.result_info = "result[0]['blocks'][0]['ln2_scale']"}, tensor<2048x8192xf32> {jax.result_info = "result[0]['blocks'][0]['w_in']"}, tensor<8192x2048xf32> {jax.result_info = "result[0]['blocks'][0]['w_out']"}, tensor<2048x2048xf32> {jax.result_info = "result[0]['blocks'][0]['wk']"}, tensor<2048x2048xf32> {jax.result_info = "result[0]['blocks'][0]['wo']"}, tensor<2048x2048xf32> {jax.result_info = "result[0]['blocks'][0]['wq']"}, tensor<2048x2048xf32> {jax.result_info = "result[0]['blocks'][0]['wv']"}, tensor<2048xf32> {jax.result_info = "result[0]['lnf_bias']"}, tensor<2048xf32> {jax.result_info = "result[0]['lnf_scale']"}, tensor<64x2048xf32> {jax.result_info = "result[0]['wpe']"}, tensor<128x2048xf32> {jax.result_info = "result[0]['wte']"}, tensor<8192xf32> {jax.result_info = "result[1]['blocks'][0]['b_in']"}, tensor<2048xf32> {jax.result_info = "result[1]['blocks'][0]['b_out']"}, tensor<2048xf32> {jax.result_info = "result[1]['blocks'][0]['ln1_bias']"}, tensor<2048xf32> {jax.result_info = "result[1]['blocks'][0]['ln1_scale']"}, tensor<2048xf32> {jax.result_info = "result[1]['blocks'][0]['ln2_bias']"}, tensor<2048xf32> {jax.result_info = "result[1]['blocks'][0]['ln2_scale']"}, tensor<2048x8192xf32> {jax.result_info = "result[1]['blocks'][0]['w_in']"}, tensor<8192x2048xf32> {jax.result_info = "result[1]['blocks'][0]['w_out']"}, tensor<2048x2048xf32> {jax.result_info = "result[1]['blocks'][0]['wk']"}, tensor<2048x2048xf32> {jax.result_info = "result[1]['blocks'][0]['wo']"}, tensor<2048x2048xf32> {jax.result_info = "result[1]['blocks'][0]['wq']"}, tensor<2048x2048xf32> {jax.result_info = "result[1]['blocks'][0]['wv']"}, tensor<2048xf32> {jax.result_info = "result[1]['lnf_bias']"}, tensor<2048xf32> {jax.result_info = "result[1]['lnf_scale']"}, tensor<64x2048xf32> {jax.result_info = "result[1]['wpe']"}, tensor<128x2048xf32> {jax.result_info = "result[1]['wte']"}, tensor<8192xf32> {jax.result_info = "result[2]['blocks'][0]['b_in']"}, tensor<2048xf32> {jax.result_info = "result[2]['blocks'][0]['b_out']"}, tensor<2048xf32> {jax.result_info = "result[2]['blocks'][0]['ln1_bias']"}, tensor<2048xf32> {jax.result_info = "result[2]['blocks'][0]['ln1_scale']"}, tensor<2048xf32> {jax.result_info = "result[2]['blocks'][0]['ln2_bias']"}, tensor<2048xf32> {jax.result_info = "result[2]['blocks'][0]['ln2_scale']"}, tensor<2048x8192xf32> {jax.result_info = "result[2]['blocks'][0]['w_in']"}, tensor<8192x2048xf32> {jax.result_info = "result[2]['blocks'][0]['w_out']"}, tensor<2048x2048xf32> {jax.result_info = "result[2]['blocks'][0]['wk']"}, tensor<2048x2048xf32> {jax.result_info = "result[2]['blocks'][0]['wo']"}, tensor<2048x2048xf32> {jax.result_info = "result[2]['blocks'][0]['wq']"}, tensor<2048x2048xf32> {jax.result_info = "result[2]['blocks'][0]['wv']"}, tensor<2048xf32> {jax.result_info = "result[2]['lnf_bias']"}, tensor<2048xf32> {jax.result_info = "result[2]['lnf_scale']"}, tensor<64x2048xf32> {jax.result_info = "result[2]['wpe']"}, tensor<128x2048xf32> {jax.result_info = "result[2]['wte']"}, tensor<i32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}) {
    %0:2 = call @_take(%arg15, %arg49) : (tensor<128x2048xf32>, tensor<8x64xi32>) -> (tensor<8x64x2048xf32>, tensor<8x64x1xi32>)
    %1 = stablehlo.broadcast_in_dim %arg14, dims = [1, 2] : (tensor<64x2048xf32>) -> tensor<1x64x2048xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x64x2048xf32>) -> tensor<8x64x2048xf32>
    %3 = stablehlo.add %0#0, %2 : tensor<8x64x2048xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_0 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<8x64x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<8x64x2048xf32>
    %10 = chlo.square %9 : tensor<8x64x2048xf32> -> tensor<8x64x2048xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x64x2048xf32>
    %12 = stablehlo.multiply %11, %9 : tensor<8x64x2048xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_3 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x64x1xf32>
    %17 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %18 = stablehlo.subtract %3, %17 : tensor<8x64x2048xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %20 = stablehlo.add %16, %19 : tensor<8x64x1xf32>
    %21 = stablehlo.rsqrt %20 : tensor<8x64x1xf32>
    %22 = stablehlo.divide %21, %20 : tensor<8x64x1xf32>
    %cst_5 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<8x64x1xf32>
    %25 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %26 = stablehlo.multiply %18, %25 : tensor<8x64x2048xf32>
    %27 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<8x64x2048xf32>
    %30 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %32 = stablehlo.add %29, %31 : tensor<8x64x2048xf32>
    %33 = stablehlo.dot_general %32, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %34 = stablehlo.reshape %33 : (tensor<8x64x2048xf32>) -> tensor<8x64x16x128xf32>
    %35 = stablehlo.dot_general %32, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %36 = stablehlo.reshape %35 : (tensor<8x64x2048xf32>) -> tensor<8x64x16x128xf32>
    %37 = stablehlo.dot_general %32, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %38 = stablehlo.reshape %37 : (tensor<8x64x2048xf32>) -> tensor<8x64x16x128xf32>
    %39 = stablehlo.dot_general %34, %36, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x64x16x128xf32>, tensor<8x64x16x128xf32>) -> tensor<8x16x64x64xf32>
    %cst_6 = stablehlo.constant dense<11.3137083> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16x64x64xf32>
    %41 = stablehlo.divide %39, %40 : tensor<8x16x64x64xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %42 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<64x64xi1>
    %43 = call @tril(%42) : (tensor<64x64xi1>) -> tensor<64x64xi1>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44:2 = call @_where_0(%43, %41, %cst_7) : (tensor<64x64xi1>, tensor<8x16x64x64xf32>, tensor<f32>) -> (tensor<8x16x64x64xf32>, tensor<8x16x64x64xi1>)
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %45 = stablehlo.reduce(%44#0 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<8x16x64x64xf32>, tensor<f32>) -> tensor<8x16x64xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %47 = stablehlo.maximum %46, %45 : tensor<8x16x64xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<8x16x64xf32>) -> tensor<8x16x64x1xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<8x16x64x1xf32>) -> tensor<8x16x64x64xf32>
    %50 = stablehlo.subtract %44#0, %49 : tensor<8x16x64x64xf32>
    %51 = stablehlo.exponential %50 : tensor<8x16x64x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<8x16x64x64xf32>, tensor<f32>) -> tensor<8x16x64xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<8x16x64xf32>) -> tensor<8x16x64x1xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<8x16x64x1xf32>) -> tensor<8x16x64x64xf32>
    %55 = stablehlo.divide %51, %54 : tensor<8x16x64x64xf32>
    %56 = stablehlo.multiply %53, %53 : tensor<8x16x64x1xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x16x64x1xf32>
    %58 = stablehlo.divide %57, %56 : tensor<8x16x64x1xf32>
    %59 = stablehlo.dot_general %38, %55, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x64x16x128xf32>, tensor<8x16x64x64xf32>) -> tensor<8x16x128x64xf32>
    %60 = stablehlo.transpose %59, dims = [0, 3, 1, 2] : (tensor<8x16x128x64xf32>) -> tensor<8x64x16x128xf32>
    %61 = stablehlo.reshape %60 : (tensor<8x64x16x128xf32>) -> tensor<8x64x2048xf32>
    %62 = stablehlo.dot_general %61, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %63 = stablehlo.add %3, %62 : tensor<8x64x2048xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_13 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %67 = stablehlo.divide %65, %66 : tensor<8x64x1xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %69 = stablehlo.subtract %63, %68 : tensor<8x64x2048xf32>
    %70 = chlo.square %69 : tensor<8x64x2048xf32> -> tensor<8x64x2048xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x64x2048xf32>
    %72 = stablehlo.multiply %71, %69 : tensor<8x64x2048xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.reduce(%70 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_16 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %76 = stablehlo.divide %74, %75 : tensor<8x64x1xf32>
    %77 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %78 = stablehlo.subtract %63, %77 : tensor<8x64x2048xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %80 = stablehlo.add %76, %79 : tensor<8x64x1xf32>
    %81 = stablehlo.rsqrt %80 : tensor<8x64x1xf32>
    %82 = stablehlo.divide %81, %80 : tensor<8x64x1xf32>
    %cst_18 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<8x64x1xf32>
    %85 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %86 = stablehlo.multiply %78, %85 : tensor<8x64x2048xf32>
    %87 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %89 = stablehlo.multiply %86, %88 : tensor<8x64x2048xf32>
    %90 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %92 = stablehlo.add %89, %91 : tensor<8x64x2048xf32>
    %93 = stablehlo.dot_general %92, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x8192xf32>) -> tensor<8x64x8192xf32>
    %94 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<1x1x8192xf32>) -> tensor<8x64x8192xf32>
    %96 = stablehlo.add %93, %95 : tensor<8x64x8192xf32>
    %97 = stablehlo.multiply %96, %96 : tensor<8x64x8192xf32>
    %98 = stablehlo.multiply %97, %96 : tensor<8x64x8192xf32>
    %99 = stablehlo.multiply %96, %96 : tensor<8x64x8192xf32>
    %cst_19 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %101 = stablehlo.multiply %100, %99 : tensor<8x64x8192xf32>
    %cst_20 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %103 = stablehlo.multiply %102, %98 : tensor<8x64x8192xf32>
    %104 = stablehlo.add %96, %103 : tensor<8x64x8192xf32>
    %cst_21 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %106 = stablehlo.multiply %105, %104 : tensor<8x64x8192xf32>
    %107 = stablehlo.tanh %106 : tensor<8x64x8192xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %109 = stablehlo.subtract %108, %107 : tensor<8x64x8192xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %111 = stablehlo.add %110, %107 : tensor<8x64x8192xf32>
    %cst_24 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %113 = stablehlo.multiply %112, %111 : tensor<8x64x8192xf32>
    %114 = stablehlo.multiply %96, %113 : tensor<8x64x8192xf32>
    %115 = stablehlo.dot_general %114, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x8192xf32>, tensor<8192x2048xf32>) -> tensor<8x64x2048xf32>
    %116 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %118 = stablehlo.add %115, %117 : tensor<8x64x2048xf32>
    %119 = stablehlo.add %63, %118 : tensor<8x64x2048xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.reduce(%119 init: %cst_25) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_26 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %123 = stablehlo.divide %121, %122 : tensor<8x64x1xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %125 = stablehlo.subtract %119, %124 : tensor<8x64x2048xf32>
    %126 = chlo.square %125 : tensor<8x64x2048xf32> -> tensor<8x64x2048xf32>
    %cst_27 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x64x2048xf32>
    %128 = stablehlo.multiply %127, %125 : tensor<8x64x2048xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%126 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_29 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %132 = stablehlo.divide %130, %131 : tensor<8x64x1xf32>
    %133 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %134 = stablehlo.subtract %119, %133 : tensor<8x64x2048xf32>
    %cst_30 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %136 = stablehlo.add %132, %135 : tensor<8x64x1xf32>
    %137 = stablehlo.rsqrt %136 : tensor<8x64x1xf32>
    %138 = stablehlo.divide %137, %136 : tensor<8x64x1xf32>
    %cst_31 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %140 = stablehlo.multiply %139, %138 : tensor<8x64x1xf32>
    %141 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %142 = stablehlo.multiply %134, %141 : tensor<8x64x2048xf32>
    %143 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %144 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %145 = stablehlo.multiply %142, %144 : tensor<8x64x2048xf32>
    %146 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %147 = stablehlo.broadcast_in_dim %146, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %148 = stablehlo.add %145, %147 : tensor<8x64x2048xf32>
    %149 = stablehlo.dot_general %148, %arg15, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<128x2048xf32>) -> tensor<8x64x128xf32>
    %150:3 = call @log_softmax(%149) : (tensor<8x64x128xf32>) -> (tensor<8x64x128xf32>, tensor<8x64x128xf32>, tensor<8x64x1xf32>)
    %151 = stablehlo.broadcast_in_dim %arg50, dims = [0, 1] : (tensor<8x64xi32>) -> tensor<8x64x1xi32>
    %152:2 = call @take_along_axis(%150#0, %151) : (tensor<8x64x128xf32>, tensor<8x64x1xi32>) -> (tensor<8x64x1xf32>, tensor<8x64x1x1xi32>)
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %153 = stablehlo.reduce(%152#0 init: %cst_32) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_33 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %154 = stablehlo.divide %153, %cst_33 : tensor<f32>
    %155 = stablehlo.negate %154 : tensor<f32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %156 = stablehlo.negate %cst_34 : tensor<f32>
    %cst_35 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %157 = stablehlo.divide %156, %cst_35 : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %157, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %159 = call @take_along_axis_1(%152#1, %158) : (tensor<8x64x1x1xi32>, tensor<8x64x1xf32>) -> tensor<8x64x128xf32>
    %160 = call @log_softmax_2(%150#1, %150#2, %159) : (tensor<8x64x128xf32>, tensor<8x64x1xf32>, tensor<8x64x128xf32>) -> tensor<8x64x128xf32>
    %161 = stablehlo.dot_general %160, %148, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x128xf32>, tensor<8x64x2048xf32>) -> tensor<128x2048xf32>
    %162 = stablehlo.dot_general %160, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64x128xf32>, tensor<128x2048xf32>) -> tensor<8x64x2048xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %163 = stablehlo.reduce(%162 init: %cst_36) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %164 = stablehlo.reshape %163 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %165 = stablehlo.reduce(%164 init: %cst_37) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %166 = stablehlo.multiply %142, %162 : tensor<8x64x2048xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %167 = stablehlo.reduce(%166 init: %cst_38) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %168 = stablehlo.reshape %167 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %169 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %170 = stablehlo.multiply %162, %169 : tensor<8x64x2048xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %171 = stablehlo.reduce(%168 init: %cst_39) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %172 = stablehlo.multiply %134, %170 : tensor<8x64x2048xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.reduce(%172 init: %cst_40) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %174 = stablehlo.reshape %173 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %175 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %176 = stablehlo.multiply %170, %175 : tensor<8x64x2048xf32>
    %177 = stablehlo.multiply %174, %140 : tensor<8x64x1xf32>
    %178 = stablehlo.negate %176 : tensor<8x64x2048xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.reduce(%178 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %180 = stablehlo.reshape %179 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %cst_42 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %182 = stablehlo.divide %177, %181 : tensor<8x64x1xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %183 = stablehlo.reduce(%182 init: %cst_43) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %185 = stablehlo.multiply %184, %128 : tensor<8x64x2048xf32>
    %186 = stablehlo.negate %185 : tensor<8x64x2048xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.reduce(%186 init: %cst_44) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %188 = stablehlo.reshape %187 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %189 = stablehlo.add %176, %185 : tensor<8x64x2048xf32>
    %190 = stablehlo.add %180, %188 : tensor<8x64x1xf32>
    %cst_45 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %192 = stablehlo.divide %190, %191 : tensor<8x64x1xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %193 = stablehlo.reduce(%192 init: %cst_46) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %194 = stablehlo.broadcast_in_dim %193, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %195 = stablehlo.add %189, %194 : tensor<8x64x2048xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.reduce(%195 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %197 = stablehlo.reshape %196 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %198 = stablehlo.reduce(%197 init: %cst_48) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %199 = stablehlo.dot_general %195, %114, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8x64x8192xf32>) -> tensor<2048x8192xf32>
    %200 = stablehlo.transpose %199, dims = [1, 0] : (tensor<2048x8192xf32>) -> tensor<8192x2048xf32>
    %201 = stablehlo.dot_general %195, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8192x2048xf32>) -> tensor<8x64x8192xf32>
    %202 = stablehlo.multiply %96, %201 : tensor<8x64x8192xf32>
    %203 = stablehlo.multiply %201, %113 : tensor<8x64x8192xf32>
    %cst_49 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %205 = stablehlo.multiply %204, %202 : tensor<8x64x8192xf32>
    %206 = stablehlo.multiply %205, %109 : tensor<8x64x8192xf32>
    %207 = stablehlo.multiply %206, %107 : tensor<8x64x8192xf32>
    %208 = stablehlo.add %206, %207 : tensor<8x64x8192xf32>
    %cst_50 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %210 = stablehlo.multiply %209, %208 : tensor<8x64x8192xf32>
    %211 = stablehlo.add %203, %210 : tensor<8x64x8192xf32>
    %cst_51 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x64x8192xf32>
    %213 = stablehlo.multiply %212, %210 : tensor<8x64x8192xf32>
    %214 = stablehlo.multiply %213, %101 : tensor<8x64x8192xf32>
    %215 = stablehlo.add %211, %214 : tensor<8x64x8192xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %216 = stablehlo.reduce(%215 init: %cst_52) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %217 = stablehlo.reshape %216 : (tensor<8192xf32>) -> tensor<1x1x8192xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %218 = stablehlo.reduce(%217 init: %cst_53) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8192xf32>, tensor<f32>) -> tensor<8192xf32>
    %219 = stablehlo.dot_general %215, %92, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x8192xf32>, tensor<8x64x2048xf32>) -> tensor<8192x2048xf32>
    %220 = stablehlo.transpose %219, dims = [1, 0] : (tensor<8192x2048xf32>) -> tensor<2048x8192xf32>
    %221 = stablehlo.dot_general %215, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x8192xf32>, tensor<2048x8192xf32>) -> tensor<8x64x2048xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %222 = stablehlo.reduce(%221 init: %cst_54) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %223 = stablehlo.reshape %222 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %224 = stablehlo.reduce(%223 init: %cst_55) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %225 = stablehlo.multiply %86, %221 : tensor<8x64x2048xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %226 = stablehlo.reduce(%225 init: %cst_56) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %227 = stablehlo.reshape %226 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %228 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %229 = stablehlo.multiply %221, %228 : tensor<8x64x2048xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %230 = stablehlo.reduce(%227 init: %cst_57) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %231 = stablehlo.multiply %78, %229 : tensor<8x64x2048xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %232 = stablehlo.reduce(%231 init: %cst_58) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %233 = stablehlo.reshape %232 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %234 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %235 = stablehlo.multiply %229, %234 : tensor<8x64x2048xf32>
    %236 = stablehlo.multiply %233, %84 : tensor<8x64x1xf32>
    %237 = stablehlo.negate %235 : tensor<8x64x2048xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %238 = stablehlo.reduce(%237 init: %cst_59) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %239 = stablehlo.reshape %238 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %240 = stablehlo.add %195, %235 : tensor<8x64x2048xf32>
    %cst_60 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %242 = stablehlo.divide %236, %241 : tensor<8x64x1xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %243 = stablehlo.reduce(%242 init: %cst_61) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %245 = stablehlo.multiply %244, %72 : tensor<8x64x2048xf32>
    %246 = stablehlo.negate %245 : tensor<8x64x2048xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %247 = stablehlo.reduce(%246 init: %cst_62) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %248 = stablehlo.reshape %247 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %249 = stablehlo.add %240, %245 : tensor<8x64x2048xf32>
    %250 = stablehlo.add %239, %248 : tensor<8x64x1xf32>
    %cst_63 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %252 = stablehlo.divide %250, %251 : tensor<8x64x1xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.reduce(%252 init: %cst_64) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %254 = stablehlo.broadcast_in_dim %253, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %255 = stablehlo.add %249, %254 : tensor<8x64x2048xf32>
    %256 = stablehlo.dot_general %255, %61, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8x64x2048xf32>) -> tensor<2048x2048xf32>
    %257 = stablehlo.transpose %256, dims = [1, 0] : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    %258 = stablehlo.dot_general %255, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %259 = stablehlo.reshape %258 : (tensor<8x64x2048xf32>) -> tensor<8x64x16x128xf32>
    %260 = stablehlo.transpose %259, dims = [0, 2, 3, 1] : (tensor<8x64x16x128xf32>) -> tensor<8x16x128x64xf32>
    %261 = stablehlo.dot_general %260, %38, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x128x64xf32>, tensor<8x64x16x128xf32>) -> tensor<8x16x64x64xf32>
    %262 = stablehlo.dot_general %260, %55, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x128x64xf32>, tensor<8x16x64x64xf32>) -> tensor<8x16x128x64xf32>
    %263 = stablehlo.transpose %262, dims = [0, 3, 1, 2] : (tensor<8x16x128x64xf32>) -> tensor<8x64x16x128xf32>
    %264 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2, 3] : (tensor<8x16x64x1xf32>) -> tensor<8x16x64x64xf32>
    %265 = stablehlo.multiply %261, %264 : tensor<8x16x64x64xf32>
    %266 = stablehlo.multiply %265, %51 : tensor<8x16x64x64xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %267 = stablehlo.reduce(%266 init: %cst_65) applies stablehlo.add across dimensions = [3] : (tensor<8x16x64x64xf32>, tensor<f32>) -> tensor<8x16x64xf32>
    %268 = stablehlo.reshape %267 : (tensor<8x16x64xf32>) -> tensor<8x16x64x1xf32>
    %269 = stablehlo.negate %268 : tensor<8x16x64x1xf32>
    %270 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<8x16x64x1xf32>) -> tensor<8x16x64x64xf32>
    %271 = stablehlo.divide %261, %270 : tensor<8x16x64x64xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %272 = stablehlo.reduce(%269 init: %cst_66) applies stablehlo.add across dimensions = [3] : (tensor<8x16x64x1xf32>, tensor<f32>) -> tensor<8x16x64xf32>
    %273 = stablehlo.broadcast_in_dim %272, dims = [0, 1, 2] : (tensor<8x16x64xf32>) -> tensor<8x16x64x64xf32>
    %274 = stablehlo.add %271, %273 : tensor<8x16x64x64xf32>
    %275 = stablehlo.multiply %274, %51 : tensor<8x16x64x64xf32>
    %276 = call @_where_3(%44#1, %275) : (tensor<8x16x64x64xi1>, tensor<8x16x64x64xf32>) -> tensor<8x16x64x64xf32>
    %cst_67 = stablehlo.constant dense<11.3137083> : tensor<f32>
    %277 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8x16x64x64xf32>
    %278 = stablehlo.divide %276, %277 : tensor<8x16x64x64xf32>
    %279 = stablehlo.dot_general %278, %34, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64x64xf32>, tensor<8x64x16x128xf32>) -> tensor<8x16x64x128xf32>
    %280 = stablehlo.transpose %279, dims = [0, 2, 1, 3] : (tensor<8x16x64x128xf32>) -> tensor<8x64x16x128xf32>
    %281 = stablehlo.dot_general %278, %36, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64x64xf32>, tensor<8x64x16x128xf32>) -> tensor<8x16x64x128xf32>
    %282 = stablehlo.transpose %281, dims = [0, 2, 1, 3] : (tensor<8x16x64x128xf32>) -> tensor<8x64x16x128xf32>
    %283 = stablehlo.reshape %263 : (tensor<8x64x16x128xf32>) -> tensor<8x64x2048xf32>
    %284 = stablehlo.dot_general %283, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8x64x2048xf32>) -> tensor<2048x2048xf32>
    %285 = stablehlo.transpose %284, dims = [1, 0] : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    %286 = stablehlo.dot_general %283, %arg11, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %287 = stablehlo.reshape %280 : (tensor<8x64x16x128xf32>) -> tensor<8x64x2048xf32>
    %288 = stablehlo.dot_general %287, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8x64x2048xf32>) -> tensor<2048x2048xf32>
    %289 = stablehlo.transpose %288, dims = [1, 0] : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    %290 = stablehlo.dot_general %287, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %291 = stablehlo.add %286, %290 : tensor<8x64x2048xf32>
    %292 = stablehlo.reshape %282 : (tensor<8x64x16x128xf32>) -> tensor<8x64x2048xf32>
    %293 = stablehlo.dot_general %292, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<8x64x2048xf32>) -> tensor<2048x2048xf32>
    %294 = stablehlo.transpose %293, dims = [1, 0] : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    %295 = stablehlo.dot_general %292, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64x2048xf32>, tensor<2048x2048xf32>) -> tensor<8x64x2048xf32>
    %296 = stablehlo.add %291, %295 : tensor<8x64x2048xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %297 = stablehlo.reduce(%296 init: %cst_68) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %298 = stablehlo.reshape %297 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %299 = stablehlo.reduce(%298 init: %cst_69) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %300 = stablehlo.multiply %26, %296 : tensor<8x64x2048xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %301 = stablehlo.reduce(%300 init: %cst_70) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %302 = stablehlo.reshape %301 : (tensor<2048xf32>) -> tensor<1x1x2048xf32>
    %303 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x1x2048xf32>) -> tensor<8x64x2048xf32>
    %304 = stablehlo.multiply %296, %303 : tensor<8x64x2048xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %305 = stablehlo.reduce(%302 init: %cst_71) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %306 = stablehlo.multiply %18, %304 : tensor<8x64x2048xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %307 = stablehlo.reduce(%306 init: %cst_72) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %308 = stablehlo.reshape %307 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %309 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x2048xf32>
    %310 = stablehlo.multiply %304, %309 : tensor<8x64x2048xf32>
    %311 = stablehlo.multiply %308, %24 : tensor<8x64x1xf32>
    %312 = stablehlo.negate %310 : tensor<8x64x2048xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %313 = stablehlo.reduce(%312 init: %cst_73) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %314 = stablehlo.reshape %313 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %315 = stablehlo.add %255, %310 : tensor<8x64x2048xf32>
    %cst_74 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %317 = stablehlo.divide %311, %316 : tensor<8x64x1xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %318 = stablehlo.reduce(%317 init: %cst_75) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %319 = stablehlo.broadcast_in_dim %318, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %320 = stablehlo.multiply %319, %12 : tensor<8x64x2048xf32>
    %321 = stablehlo.negate %320 : tensor<8x64x2048xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %322 = stablehlo.reduce(%321 init: %cst_76) applies stablehlo.add across dimensions = [2] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<8x64xf32>
    %323 = stablehlo.reshape %322 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %324 = stablehlo.add %315, %320 : tensor<8x64x2048xf32>
    %325 = stablehlo.add %314, %323 : tensor<8x64x1xf32>
    %cst_77 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %327 = stablehlo.divide %325, %326 : tensor<8x64x1xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %328 = stablehlo.reduce(%327 init: %cst_78) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %329 = stablehlo.broadcast_in_dim %328, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x2048xf32>
    %330 = stablehlo.add %324, %329 : tensor<8x64x2048xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %331 = stablehlo.reduce(%330 init: %cst_79) applies stablehlo.add across dimensions = [0] : (tensor<8x64x2048xf32>, tensor<f32>) -> tensor<64x2048xf32>
    %332 = stablehlo.reshape %331 : (tensor<64x2048xf32>) -> tensor<1x64x2048xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %333 = stablehlo.reduce(%332 init: %cst_80) applies stablehlo.add across dimensions = [0] : (tensor<1x64x2048xf32>, tensor<f32>) -> tensor<64x2048xf32>
    %334 = call @_take_4(%0#1, %330) : (tensor<8x64x1xi32>, tensor<8x64x2048xf32>) -> tensor<128x2048xf32>
    %335 = stablehlo.add %161, %334 : tensor<128x2048xf32>
    %c_81 = stablehlo.constant dense<1> : tensor<i32>
    %336 = stablehlo.add %arg48, %c_81 : tensor<i32>
    %337 = stablehlo.convert %336 : (tensor<i32>) -> tensor<f32>
    %cst_82 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %339 = stablehlo.multiply %338, %arg16 : tensor<8192xf32>
    %cst_83 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %341 = stablehlo.multiply %340, %218 : tensor<8192xf32>
    %342 = stablehlo.add %339, %341 : tensor<8192xf32>
    %cst_84 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %344 = stablehlo.multiply %343, %arg17 : tensor<2048xf32>
    %cst_85 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %345 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %346 = stablehlo.multiply %345, %198 : tensor<2048xf32>
    %347 = stablehlo.add %344, %346 : tensor<2048xf32>
    %cst_86 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %348 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %349 = stablehlo.multiply %348, %arg18 : tensor<2048xf32>
    %cst_87 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %351 = stablehlo.multiply %350, %299 : tensor<2048xf32>
    %352 = stablehlo.add %349, %351 : tensor<2048xf32>
    %cst_88 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %353 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %354 = stablehlo.multiply %353, %arg19 : tensor<2048xf32>
    %cst_89 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %356 = stablehlo.multiply %355, %305 : tensor<2048xf32>
    %357 = stablehlo.add %354, %356 : tensor<2048xf32>
    %cst_90 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %359 = stablehlo.multiply %358, %arg20 : tensor<2048xf32>
    %cst_91 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %360 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %361 = stablehlo.multiply %360, %224 : tensor<2048xf32>
    %362 = stablehlo.add %359, %361 : tensor<2048xf32>
    %cst_92 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %364 = stablehlo.multiply %363, %arg21 : tensor<2048xf32>
    %cst_93 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %365 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %366 = stablehlo.multiply %365, %230 : tensor<2048xf32>
    %367 = stablehlo.add %364, %366 : tensor<2048xf32>
    %cst_94 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %369 = stablehlo.multiply %368, %arg22 : tensor<2048x8192xf32>
    %cst_95 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %370 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %371 = stablehlo.multiply %370, %220 : tensor<2048x8192xf32>
    %372 = stablehlo.add %369, %371 : tensor<2048x8192xf32>
    %cst_96 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %373 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %374 = stablehlo.multiply %373, %arg23 : tensor<8192x2048xf32>
    %cst_97 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %375 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %376 = stablehlo.multiply %375, %200 : tensor<8192x2048xf32>
    %377 = stablehlo.add %374, %376 : tensor<8192x2048xf32>
    %cst_98 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %378 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %379 = stablehlo.multiply %378, %arg24 : tensor<2048x2048xf32>
    %cst_99 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %381 = stablehlo.multiply %380, %289 : tensor<2048x2048xf32>
    %382 = stablehlo.add %379, %381 : tensor<2048x2048xf32>
    %cst_100 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %384 = stablehlo.multiply %383, %arg25 : tensor<2048x2048xf32>
    %cst_101 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %385 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %386 = stablehlo.multiply %385, %257 : tensor<2048x2048xf32>
    %387 = stablehlo.add %384, %386 : tensor<2048x2048xf32>
    %cst_102 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %389 = stablehlo.multiply %388, %arg26 : tensor<2048x2048xf32>
    %cst_103 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %390 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %391 = stablehlo.multiply %390, %294 : tensor<2048x2048xf32>
    %392 = stablehlo.add %389, %391 : tensor<2048x2048xf32>
    %cst_104 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %393 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %394 = stablehlo.multiply %393, %arg27 : tensor<2048x2048xf32>
    %cst_105 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %395 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %396 = stablehlo.multiply %395, %285 : tensor<2048x2048xf32>
    %397 = stablehlo.add %394, %396 : tensor<2048x2048xf32>
    %cst_106 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %398 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %399 = stablehlo.multiply %398, %arg28 : tensor<2048xf32>
    %cst_107 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %400 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %401 = stablehlo.multiply %400, %165 : tensor<2048xf32>
    %402 = stablehlo.add %399, %401 : tensor<2048xf32>
    %cst_108 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %403 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %404 = stablehlo.multiply %403, %arg29 : tensor<2048xf32>
    %cst_109 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %405 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %406 = stablehlo.multiply %405, %171 : tensor<2048xf32>
    %407 = stablehlo.add %404, %406 : tensor<2048xf32>
    %cst_110 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %408 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %409 = stablehlo.multiply %408, %arg30 : tensor<64x2048xf32>
    %cst_111 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %411 = stablehlo.multiply %410, %333 : tensor<64x2048xf32>
    %412 = stablehlo.add %409, %411 : tensor<64x2048xf32>
    %cst_112 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %413 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %414 = stablehlo.multiply %413, %arg31 : tensor<128x2048xf32>
    %cst_113 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %416 = stablehlo.multiply %415, %335 : tensor<128x2048xf32>
    %417 = stablehlo.add %414, %416 : tensor<128x2048xf32>
    %cst_114 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %418 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %419 = stablehlo.multiply %418, %arg32 : tensor<8192xf32>
    %cst_115 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %420 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %421 = stablehlo.multiply %420, %218 : tensor<8192xf32>
    %422 = stablehlo.multiply %421, %218 : tensor<8192xf32>
    %423 = stablehlo.add %419, %422 : tensor<8192xf32>
    %cst_116 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %424 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %425 = stablehlo.multiply %424, %arg33 : tensor<2048xf32>
    %cst_117 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %426 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %427 = stablehlo.multiply %426, %198 : tensor<2048xf32>
    %428 = stablehlo.multiply %427, %198 : tensor<2048xf32>
    %429 = stablehlo.add %425, %428 : tensor<2048xf32>
    %cst_118 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %430 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %431 = stablehlo.multiply %430, %arg34 : tensor<2048xf32>
    %cst_119 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %432 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %433 = stablehlo.multiply %432, %299 : tensor<2048xf32>
    %434 = stablehlo.multiply %433, %299 : tensor<2048xf32>
    %435 = stablehlo.add %431, %434 : tensor<2048xf32>
    %cst_120 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %436 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %437 = stablehlo.multiply %436, %arg35 : tensor<2048xf32>
    %cst_121 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %438 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %439 = stablehlo.multiply %438, %305 : tensor<2048xf32>
    %440 = stablehlo.multiply %439, %305 : tensor<2048xf32>
    %441 = stablehlo.add %437, %440 : tensor<2048xf32>
    %cst_122 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %442 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %443 = stablehlo.multiply %442, %arg36 : tensor<2048xf32>
    %cst_123 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %444 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %445 = stablehlo.multiply %444, %224 : tensor<2048xf32>
    %446 = stablehlo.multiply %445, %224 : tensor<2048xf32>
    %447 = stablehlo.add %443, %446 : tensor<2048xf32>
    %cst_124 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %448 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %449 = stablehlo.multiply %448, %arg37 : tensor<2048xf32>
    %cst_125 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %451 = stablehlo.multiply %450, %230 : tensor<2048xf32>
    %452 = stablehlo.multiply %451, %230 : tensor<2048xf32>
    %453 = stablehlo.add %449, %452 : tensor<2048xf32>
    %cst_126 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %455 = stablehlo.multiply %454, %arg38 : tensor<2048x8192xf32>
    %cst_127 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %456 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %457 = stablehlo.multiply %456, %220 : tensor<2048x8192xf32>
    %458 = stablehlo.multiply %457, %220 : tensor<2048x8192xf32>
    %459 = stablehlo.add %455, %458 : tensor<2048x8192xf32>
    %cst_128 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %460 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %461 = stablehlo.multiply %460, %arg39 : tensor<8192x2048xf32>
    %cst_129 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %462 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %463 = stablehlo.multiply %462, %200 : tensor<8192x2048xf32>
    %464 = stablehlo.multiply %463, %200 : tensor<8192x2048xf32>
    %465 = stablehlo.add %461, %464 : tensor<8192x2048xf32>
    %cst_130 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %466 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %467 = stablehlo.multiply %466, %arg40 : tensor<2048x2048xf32>
    %cst_131 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %468 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %469 = stablehlo.multiply %468, %289 : tensor<2048x2048xf32>
    %470 = stablehlo.multiply %469, %289 : tensor<2048x2048xf32>
    %471 = stablehlo.add %467, %470 : tensor<2048x2048xf32>
    %cst_132 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %472 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %473 = stablehlo.multiply %472, %arg41 : tensor<2048x2048xf32>
    %cst_133 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %474 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %475 = stablehlo.multiply %474, %257 : tensor<2048x2048xf32>
    %476 = stablehlo.multiply %475, %257 : tensor<2048x2048xf32>
    %477 = stablehlo.add %473, %476 : tensor<2048x2048xf32>
    %cst_134 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %479 = stablehlo.multiply %478, %arg42 : tensor<2048x2048xf32>
    %cst_135 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %480 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %481 = stablehlo.multiply %480, %294 : tensor<2048x2048xf32>
    %482 = stablehlo.multiply %481, %294 : tensor<2048x2048xf32>
    %483 = stablehlo.add %479, %482 : tensor<2048x2048xf32>
    %cst_136 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %484 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %485 = stablehlo.multiply %484, %arg43 : tensor<2048x2048xf32>
    %cst_137 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %486 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %487 = stablehlo.multiply %486, %285 : tensor<2048x2048xf32>
    %488 = stablehlo.multiply %487, %285 : tensor<2048x2048xf32>
    %489 = stablehlo.add %485, %488 : tensor<2048x2048xf32>
    %cst_138 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %490 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %491 = stablehlo.multiply %490, %arg44 : tensor<2048xf32>
    %cst_139 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %492 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %493 = stablehlo.multiply %492, %165 : tensor<2048xf32>
    %494 = stablehlo.multiply %493, %165 : tensor<2048xf32>
    %495 = stablehlo.add %491, %494 : tensor<2048xf32>
    %cst_140 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %496 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %497 = stablehlo.multiply %496, %arg45 : tensor<2048xf32>
    %cst_141 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %498 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %499 = stablehlo.multiply %498, %171 : tensor<2048xf32>
    %500 = stablehlo.multiply %499, %171 : tensor<2048xf32>
    %501 = stablehlo.add %497, %500 : tensor<2048xf32>
    %cst_142 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %502 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %503 = stablehlo.multiply %502, %arg46 : tensor<64x2048xf32>
    %cst_143 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %504 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %505 = stablehlo.multiply %504, %333 : tensor<64x2048xf32>
    %506 = stablehlo.multiply %505, %333 : tensor<64x2048xf32>
    %507 = stablehlo.add %503, %506 : tensor<64x2048xf32>
    %cst_144 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %508 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %509 = stablehlo.multiply %508, %arg47 : tensor<128x2048xf32>
    %cst_145 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %510 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %511 = stablehlo.multiply %510, %335 : tensor<128x2048xf32>
    %512 = stablehlo.multiply %511, %335 : tensor<128x2048xf32>
    %513 = stablehlo.add %509, %512 : tensor<128x2048xf32>
    %cst_146 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %514 = stablehlo.power %cst_146, %337 : tensor<f32>
    %cst_147 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %515 = stablehlo.subtract %cst_147, %514 : tensor<f32>
    %516 = stablehlo.sqrt %515 : tensor<f32>
    %cst_148 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %517 = stablehlo.multiply %cst_148, %516 : tensor<f32>
    %cst_149 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %518 = stablehlo.power %cst_149, %337 : tensor<f32>
    %cst_150 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %519 = stablehlo.subtract %cst_150, %518 : tensor<f32>
    %520 = stablehlo.divide %517, %519 : tensor<f32>
    %521 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %522 = stablehlo.multiply %521, %342 : tensor<8192xf32>
    %523 = stablehlo.sqrt %423 : tensor<8192xf32>
    %cst_151 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %524 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<8192xf32>
    %525 = stablehlo.add %523, %524 : tensor<8192xf32>
    %526 = stablehlo.divide %522, %525 : tensor<8192xf32>
    %527 = stablehlo.subtract %arg0, %526 : tensor<8192xf32>
    %528 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %529 = stablehlo.multiply %528, %347 : tensor<2048xf32>
    %530 = stablehlo.sqrt %429 : tensor<2048xf32>
    %cst_152 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %531 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %532 = stablehlo.add %530, %531 : tensor<2048xf32>
    %533 = stablehlo.divide %529, %532 : tensor<2048xf32>
    %534 = stablehlo.subtract %arg1, %533 : tensor<2048xf32>
    %535 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %536 = stablehlo.multiply %535, %352 : tensor<2048xf32>
    %537 = stablehlo.sqrt %435 : tensor<2048xf32>
    %cst_153 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %538 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %539 = stablehlo.add %537, %538 : tensor<2048xf32>
    %540 = stablehlo.divide %536, %539 : tensor<2048xf32>
    %541 = stablehlo.subtract %arg2, %540 : tensor<2048xf32>
    %542 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %543 = stablehlo.multiply %542, %357 : tensor<2048xf32>
    %544 = stablehlo.sqrt %441 : tensor<2048xf32>
    %cst_154 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %545 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %546 = stablehlo.add %544, %545 : tensor<2048xf32>
    %547 = stablehlo.divide %543, %546 : tensor<2048xf32>
    %548 = stablehlo.subtract %arg3, %547 : tensor<2048xf32>
    %549 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %550 = stablehlo.multiply %549, %362 : tensor<2048xf32>
    %551 = stablehlo.sqrt %447 : tensor<2048xf32>
    %cst_155 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %552 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %553 = stablehlo.add %551, %552 : tensor<2048xf32>
    %554 = stablehlo.divide %550, %553 : tensor<2048xf32>
    %555 = stablehlo.subtract %arg4, %554 : tensor<2048xf32>
    %556 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %557 = stablehlo.multiply %556, %367 : tensor<2048xf32>
    %558 = stablehlo.sqrt %453 : tensor<2048xf32>
    %cst_156 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %559 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %560 = stablehlo.add %558, %559 : tensor<2048xf32>
    %561 = stablehlo.divide %557, %560 : tensor<2048xf32>
    %562 = stablehlo.subtract %arg5, %561 : tensor<2048xf32>
    %563 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %564 = stablehlo.multiply %563, %372 : tensor<2048x8192xf32>
    %565 = stablehlo.sqrt %459 : tensor<2048x8192xf32>
    %cst_157 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %566 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<2048x8192xf32>
    %567 = stablehlo.add %565, %566 : tensor<2048x8192xf32>
    %568 = stablehlo.divide %564, %567 : tensor<2048x8192xf32>
    %569 = stablehlo.subtract %arg6, %568 : tensor<2048x8192xf32>
    %570 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %571 = stablehlo.multiply %570, %377 : tensor<8192x2048xf32>
    %572 = stablehlo.sqrt %465 : tensor<8192x2048xf32>
    %cst_158 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %573 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<8192x2048xf32>
    %574 = stablehlo.add %572, %573 : tensor<8192x2048xf32>
    %575 = stablehlo.divide %571, %574 : tensor<8192x2048xf32>
    %576 = stablehlo.subtract %arg7, %575 : tensor<8192x2048xf32>
    %577 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %578 = stablehlo.multiply %577, %382 : tensor<2048x2048xf32>
    %579 = stablehlo.sqrt %471 : tensor<2048x2048xf32>
    %cst_159 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %580 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %581 = stablehlo.add %579, %580 : tensor<2048x2048xf32>
    %582 = stablehlo.divide %578, %581 : tensor<2048x2048xf32>
    %583 = stablehlo.subtract %arg8, %582 : tensor<2048x2048xf32>
    %584 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %585 = stablehlo.multiply %584, %387 : tensor<2048x2048xf32>
    %586 = stablehlo.sqrt %477 : tensor<2048x2048xf32>
    %cst_160 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %587 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %588 = stablehlo.add %586, %587 : tensor<2048x2048xf32>
    %589 = stablehlo.divide %585, %588 : tensor<2048x2048xf32>
    %590 = stablehlo.subtract %arg9, %589 : tensor<2048x2048xf32>
    %591 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %592 = stablehlo.multiply %591, %392 : tensor<2048x2048xf32>
    %593 = stablehlo.sqrt %483 : tensor<2048x2048xf32>
    %cst_161 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %594 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %595 = stablehlo.add %593, %594 : tensor<2048x2048xf32>
    %596 = stablehlo.divide %592, %595 : tensor<2048x2048xf32>
    %597 = stablehlo.subtract %arg10, %596 : tensor<2048x2048xf32>
    %598 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %599 = stablehlo.multiply %598, %397 : tensor<2048x2048xf32>
    %600 = stablehlo.sqrt %489 : tensor<2048x2048xf32>
    %cst_162 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %601 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %602 = stablehlo.add %600, %601 : tensor<2048x2048xf32>
    %603 = stablehlo.divide %599, %602 : tensor<2048x2048xf32>
    %604 = stablehlo.subtract %arg11, %603 : tensor<2048x2048xf32>
    %605 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %606 = stablehlo.multiply %605, %402 : tensor<2048xf32>
    %607 = stablehlo.sqrt %495 : tensor<2048xf32>
    %cst_163 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %608 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %609 = stablehlo.add %607, %608 : tensor<2048xf32>
    %610 = stablehlo.divide %606, %609 : tensor<2048xf32>
    %611 = stablehlo.subtract %arg12, %610 : tensor<2048xf32>
    %612 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %613 = stablehlo.multiply %612, %407 : tensor<2048xf32>
    %614 = stablehlo.sqrt %501 : tensor<2048xf32>
    %cst_164 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %615 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %616 = stablehlo.add %614, %615 : tensor<2048xf32>
    %617 = stablehlo.divide %613, %616 : tensor<2048xf32>
    %618 = stablehlo.subtract %arg13, %617 : tensor<2048xf32>
    %619 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %620 = stablehlo.multiply %619, %412 : tensor<64x2048xf32>
    %621 = stablehlo.sqrt %507 : tensor<64x2048xf32>
    %cst_165 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %622 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<64x2048xf32>
    %623 = stablehlo.add %621, %622 : tensor<64x2048xf32>
    %624 = stablehlo.divide %620, %623 : tensor<64x2048xf32>
    %625 = stablehlo.subtract %arg14, %624 : tensor<64x2048xf32>
    %626 = stablehlo.broadcast_in_dim %520, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %627 = stablehlo.multiply %626, %417 : tensor<128x2048xf32>
    %628 = stablehlo.sqrt %513 : tensor<128x2048xf32>
    %cst_166 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %629 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %630 = stablehlo.add %628, %629 : tensor<128x2048xf32>
    %631 = stablehlo.divide %627, %630 : tensor<128x2048xf32>
    %632 = stablehlo.subtract %arg15, %631 : tensor<128x2048xf32>
    return %527, %534, %541, %548, %555, %562, %569, %576, %583, %590, %597, %604, %611, %618, %625, %632, %342, %347, %352, %357, %362, %367, %372, %377, %382, %387, %392, %397, %402, %407, %412, %417, %423, %429, %435, %441, %447, %453, %459, %465, %471, %477, %483, %489, %495, %501, %507, %513, %336, %155 : tensor<8192xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048x8192xf32>, tensor<8192x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<64x2048xf32>, tensor<128x2048xf32>, tensor<8192xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048x8192xf32>, tensor<8192x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<64x2048xf32>, tensor<128x2048xf32>, tensor<8192xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048x8192xf32>, tensor<8192x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<64x2048xf32>, tensor<128x2048xf32>, tensor<i32>, tensor<f32>
  }
  func.func private @_take(%arg0: tensor<128x2048xf32>, %arg1: tensor<8x64xi32>) -> (tensor<8x64x2048xf32>, tensor<8x64x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x64xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x64xi32>, tensor<8x64xi32>) -> tensor<8x64xi1>
    %c_0 = stablehlo.constant dense<128> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x64xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x64xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x64xi1>, tensor<8x64xi32>, tensor<8x64xi32>) -> tensor<8x64xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x64xi32>) -> tensor<8x64x1xi32>
    %c_1 = stablehlo.constant dense<127> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x64x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x64x1xi32>, tensor<8x64x1xi32>) -> tensor<8x64x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x64x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x64x1xi32>, tensor<8x64x1xi32>) -> tensor<8x64x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x64x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x64x1xi1>, tensor<i1>) -> tensor<8x64xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2048>}> : (tensor<128x2048xf32>, tensor<8x64x1xi32>) -> tensor<8x64x2048xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x64xi1>) -> tensor<8x64x2048xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64x2048xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x64x2048xi1>, tensor<8x64x2048xf32>
    return %16, %5 : tensor<8x64x2048xf32>, tensor<8x64x1xi32>
  }
  func.func private @_where(%arg0: tensor<8x64xi1>, %arg1: tensor<8x64xi32>, %arg2: tensor<8x64xi32>) -> tensor<8x64xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x64xi1>, tensor<8x64xi32>
    return %0 : tensor<8x64xi32>
  }
  func.func private @tril(%arg0: tensor<64x64xi1>) -> tensor<64x64xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<64x64xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<64x64xi32>
    %2 = stablehlo.add %0, %1 : tensor<64x64xi32>
    %3 = stablehlo.iota dim = 1 : tensor<64x64xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<64x64xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<64x64xi1>, tensor<64x64xi1>
    return %6 : tensor<64x64xi1>
  }
  func.func private @_where_0(%arg0: tensor<64x64xi1>, %arg1: tensor<8x16x64x64xf32>, %arg2: tensor<f32>) -> (tensor<8x16x64x64xf32>, tensor<8x16x64x64xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<64x64xi1>) -> tensor<8x16x64x64xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x16x64x64xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<8x16x64x64xi1>, tensor<8x16x64x64xf32>
    return %3, %1 : tensor<8x16x64x64xf32>, tensor<8x16x64x64xi1>
  }
  func.func private @log_softmax(%arg0: tensor<8x64x128xf32>) -> (tensor<8x64x128xf32>, tensor<8x64x128xf32>, tensor<8x64x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<8x64x128xf32>, tensor<f32>) -> tensor<8x64xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8x64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x128xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x64x128xf32>
    %6 = stablehlo.exponential %5 : tensor<8x64x128xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x64x128xf32>, tensor<f32>) -> tensor<8x64xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %9 = stablehlo.log %8 : tensor<8x64x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x64x1xf32>) -> tensor<8x64x128xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x64x128xf32>
    return %11, %6, %8 : tensor<8x64x128xf32>, tensor<8x64x128xf32>, tensor<8x64x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x64x128xf32>, %arg1: tensor<8x64x1xi32>) -> (tensor<8x64x1xf32>, tensor<8x64x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x64x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x64x1xi32>, tensor<8x64x1xi32>) -> tensor<8x64x1xi1>
    %c_0 = stablehlo.constant dense<128> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x64x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x64x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x64x1xi1>, tensor<8x64x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x64x1xi32>) -> tensor<8x64x1x1xi32>
    %c_1 = stablehlo.constant dense<127> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x64x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x64x1x1xi32>, tensor<8x64x1x1xi32>) -> tensor<8x64x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<8x64x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x64x1x1xi32>, tensor<8x64x1x1xi32>) -> tensor<8x64x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x64x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<8x64x1x1xi1>, tensor<i1>) -> tensor<8x64x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x64x128xf32>, tensor<8x64x1x1xi32>) -> tensor<8x64x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x64x1xi1>, tensor<8x64x1xf32>
    return %15, %5 : tensor<8x64x1xf32>, tensor<8x64x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<8x64x1x1xi32>, %arg1: tensor<8x64x1xf32>) -> tensor<8x64x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64x128xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x64x128xf32>, tensor<8x64x1x1xi32>, tensor<8x64x1xf32>) -> tensor<8x64x128xf32>
    return %1 : tensor<8x64x128xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<8x64x128xf32>, %arg1: tensor<8x64x1xf32>, %arg2: tensor<8x64x128xf32>) -> tensor<8x64x128xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x64x128xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x64x128xf32>, tensor<f32>) -> tensor<8x64xf32>
    %2 = stablehlo.reshape %1 : (tensor<8x64xf32>) -> tensor<8x64x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x64x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x64x1xf32>, tensor<f32>) -> tensor<8x64xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x64xf32>) -> tensor<8x64x128xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x64x128xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x64x128xf32>
    return %7 : tensor<8x64x128xf32>
  }
  func.func private @_where_3(%arg0: tensor<8x16x64x64xi1>, %arg1: tensor<8x16x64x64xf32>) -> tensor<8x16x64x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64x64xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<8x16x64x64xi1>, tensor<8x16x64x64xf32>
    return %1 : tensor<8x16x64x64xf32>
  }
  func.func private @_take_4(%arg0: tensor<8x64x1xi32>, %arg1: tensor<8x64x2048xf32>) -> tensor<128x2048xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x2048xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<128x2048xf32>, tensor<8x64x1xi32>, tensor<8x64x2048xf32>) -> tensor<128x2048xf32>
    return %1 : tensor<128x2048xf32>
  }
}
