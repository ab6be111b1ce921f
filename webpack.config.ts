import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import * as path from 'node:path';
import { type Configuration, NormalModuleReplacementPlugin } from 'webpack';

/**
 * The browser bundle: src/boot.ts (which loads src/main.tsx and the editor in parallel) plus Monaco and its web workers (new Worker(new URL(...))),
 * transpiled and minified by esbuild, cached on disk so `npm start` rebuilds quickly (ADR 0004).
 */
const production = process.env.NODE_ENV !== 'development';

const config: Configuration = {
  mode: production ? 'production' : 'development',
  entry: { main: './src/boot.ts' },
  output: {
    path: path.resolve(__dirname, 'dist/client'),
    filename: 'assets/[name].[contenthash:8].js',
    chunkFilename: 'assets/[name].[contenthash:8].js',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    publicPath: '/',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    // The slim Monaco (editor core, features, lazily loaded tokenizers) instead of the package's everything-index.
    alias: { 'monaco-editor$': path.resolve(__dirname, 'src/ui/editor/monaco-core.ts') },
  },
  module: {
    rules: [
      { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2022', tsconfig: 'tsconfig.json' } },
      // Stylesheets of their own (a chunk's CSS loads beside its script), not strings that script inserts (ADR 0012).
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      { test: /\.ttf$/, type: 'asset/resource' },
    ],
  },
  optimization: { minimizer: [new EsbuildPlugin({ target: 'es2022', css: true })] },
  plugins: [
    new HtmlWebpackPlugin({ template: './src/ui/index.html', title: 'Bullpen' }),
    // Monaco's per-key input-latency telemetry, which nothing reads, replaced by no-ops (ADR 0016).
    new NormalModuleReplacementPlugin(/(^|[\\/])base[\\/]browser[\\/]performance\.js$/, path.resolve(__dirname, 'src/ui/editor/input-latency-off.ts')),
    new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }),
  ],
  cache: { type: 'filesystem', cacheDirectory: path.resolve(__dirname, 'node_modules/.cache/webpack') },
  performance: { hints: false },
  devtool: production ? false : 'source-map',
  stats: 'errors-warnings',
};

export default config;
